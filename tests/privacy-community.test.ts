import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { communitySchema } from '@shared/contracts/community';
import { privacyPolicySchema } from '@shared/contracts/privacy';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

const t = await createTestApp({ PRIVACY_EMAIL: 'privacy@souvenir.example' });

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const policy = async (language: string) => privacyPolicySchema.parse((await call('GET', `/api/privacy-policy?language=${language}`)).json());

describe('the privacy policy', () => {
  it('is public, in English and French, with the contact address and the effective date, covering what the spec lists', async () => {
    const en = await policy('en');
    expect(en).toMatchObject({ language: 'en', contactEmail: 'privacy@souvenir.example', effectiveDate: '2026-11-25', customised: false, updatedAt: null });
    for (const topic of ['e-mail address', 'avatar', 'biographical', 'never stored on our servers', 'Stripe', 'process transactions', 'customer service', 'Access', 'Correct', 'Delete', 'Object to', 'data portability', '{email}']) {
      expect(en.content, topic).toContain(topic);
    }
    const fr = await policy('fr');
    expect(fr.content).toContain('jamais enregistré sur nos serveurs');
    expect(fr.content).toContain('portabilité');
    // French typography: no ordinary space before a colon.
    expect(fr.content).not.toMatch(/ [:;!?]/);
    expect((await call('GET', '/api/privacy-policy?language=de')).statusCode).toBe(400);
  });

  it('is saved per language by an administrator and kept across a restart; the other language is untouched', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-privacy-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const admin = await createUser(t, { admin: true });
    const saved = await call('PUT', '/api/admin/privacy-policy/fr', admin.cookie, { content: '# Politique\n\nNouveau texte <script>alert(1)</script>.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'fr', customised: true, content: '# Politique\n\nNouveau texte <script>alert(1)</script>.' });
    expect((await policy('en')).customised).toBe(false);

    // Another app on the same database (a restart) reads the saved text.
    const restarted = await createTestApp({ DATA_DIR: dataDir });
    const read = privacyPolicySchema.parse((await restarted.app.inject({ method: 'GET', url: '/api/privacy-policy?language=fr' })).json());
    expect(read).toMatchObject({ customised: true, content: '# Politique\n\nNouveau texte <script>alert(1)</script>.' });
    expect(Date.parse(read.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a save from anyone but an administrator, an empty text or an unknown language, changing nothing', async () => {
    await createUser(t, { admin: true });
    const member = await createUser(t, { admin: false });
    const before = await policy('en');
    expect((await call('PUT', '/api/admin/privacy-policy/en', undefined, { content: 'Hacked' })).statusCode).toBe(401);
    const refused = await call('PUT', '/api/admin/privacy-policy/en', member.cookie, { content: 'Hacked' });
    expect(refused.statusCode).toBe(403);
    expect(t.logs.join('')).toContain('refused admin request');
    const admin = await createUser(t, { admin: true });
    for (const [url, payload] of [
      ['/api/admin/privacy-policy/en', { content: '   ' }],
      ['/api/admin/privacy-policy/en', { content: 'x'.repeat(100_001) }],
      ['/api/admin/privacy-policy/en', { content: 'ok', language: 'fr' }],
      ['/api/admin/privacy-policy/de', { content: 'Hallo' }],
    ] as const) {
      expect((await call('PUT', url, admin.cookie, payload)).statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(400);
    }
    expect(await policy('en')).toEqual(before);
  });
});

describe('the community links', () => {
  it('are public and empty at first, set by an administrator (https only), and cleared with an empty value', async () => {
    expect(communitySchema.parse((await call('GET', '/api/community')).json())).toEqual({ chatServerUrl: null, calendarUrl: { en: null, fr: null } });
    const admin = await createUser(t, { admin: true });
    const saved = await call('PUT', '/api/admin/community', admin.cookie, {
      chatServerUrl: ' https://discord.gg/souvenir ',
      calendarUrlEn: 'https://calendar.google.com/calendar/embed?src=en',
      calendarUrlFr: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ chatServerUrl: 'https://discord.gg/souvenir', calendarUrl: { en: 'https://calendar.google.com/calendar/embed?src=en', fr: null } });
    expect((await call('GET', '/api/community')).json()).toEqual(saved.json());

    for (const bad of ['javascript:alert(1)', 'http://insecure.example', 'not a url', 'data:text/html,hi']) {
      const response = await call('PUT', '/api/admin/community', admin.cookie, { chatServerUrl: bad, calendarUrlEn: null, calendarUrlFr: null });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.fields, bad).toEqual({ chatServerUrl: ['validation.urlInvalid'] });
    }
    const member = await createUser(t, { admin: false });
    expect((await call('PUT', '/api/admin/community', member.cookie, { chatServerUrl: null, calendarUrlEn: null, calendarUrlFr: null })).statusCode).toBe(403);
    expect((await call('GET', '/api/community')).json()).toEqual(saved.json());
  });
});
