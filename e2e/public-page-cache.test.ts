// Public pages served from memory (src/server/plugins/public-page-cache.ts), with the built server render in the real
// app, in-process: an anonymous visitor's page is drawn once, validated by its ETag (304), and gone at once when its
// content changes; a signed-in visitor neither gets it nor fills it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, personWithMemory, startInProcessApp, type InProcessApp } from './support/in-process-app';

let t: InProcessApp;

beforeAll(async () => {
  t = await startInProcessApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const anonymous = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

describe('public pages served from a cache', () => {
  it('serves a shared memory drawn once, answers 304 to its ETag, and forgets it the moment the link is revoked', async () => {
    const owner = await personWithMemory(t, 'owner');
    const shared = await t.app.inject({ method: 'POST', url: `/api/memories/${owner.memoryId}/share`, headers: { cookie: owner.cookie, origin: ORIGIN } });
    expect(shared.statusCode, shared.body).toBe(200);
    const token = /[0-9a-f]{32,}/.exec(shared.body)![0];

    const first = await anonymous(`/shared/${token}`);
    expect(first.body).toContain(owner.title);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await anonymous(`/shared/${token}`);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const revalidated = await anonymous(`/shared/${token}`, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/memories/${owner.memoryId}/share`, headers: { cookie: owner.cookie, origin: ORIGIN } });
    expect(revoked.statusCode).toBe(204);
    const after = await anonymous(`/shared/${token}`, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(owner.title);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('shows a renamed memory at once', async () => {
    const owner = await personWithMemory(t, 'renamer');
    const shared = await t.app.inject({ method: 'POST', url: `/api/memories/${owner.memoryId}/share`, headers: { cookie: owner.cookie, origin: ORIGIN } });
    const token = /[0-9a-f]{32,}/.exec(shared.body)![0];
    expect((await anonymous(`/shared/${token}`)).body).toContain(owner.title);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${owner.memoryId}`,
      headers: { cookie: owner.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: { title: 'A brand new name' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await anonymous(`/shared/${token}`)).body;
    expect(after).toContain('A brand new name');
    expect(after).not.toContain(owner.title);
  });

  it('never gives a signed-in visitor a kept page, nor keeps what is drawn for them', async () => {
    const person = await personWithMemory(t, 'reader');
    for (const path of ['/', '/community', '/privacy-policy']) {
      const signedIn = await t.app.inject({ method: 'GET', url: path, headers: { cookie: person.cookie } });
      expect(signedIn.headers.etag, path).toBeUndefined();
      expect(signedIn.headers['cache-control'], path).not.toContain('public');
      // What was drawn for them (their own session state) never reaches an anonymous visitor.
      expect((await anonymous(path)).body, path).not.toContain(person.email);
    }
    // Anonymous pages are kept per language.
    const en = await anonymous('/');
    const fr = await anonymous('/', { 'accept-language': 'fr' });
    expect(en.headers.etag).toBeDefined();
    expect(fr.headers.etag).not.toBe(en.headers.etag);
    expect(fr.body).toContain('<html lang="fr"');
  });
});
