import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMessages, profiles } from '@server/db/schema/index';
import { escapeHtml } from '@server/html';
import { adminSettingsSchema, outboxPageSchema } from '@shared/contracts/admin';
import { buildGenerationRequest, postGeneration } from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startMailbox } from './support/mailbox';

const t = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000' });

type Method = 'GET' | 'PATCH' | 'POST' | 'DELETE';
const callOn = (app: TestApp, method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const call = (method: Method, url: string, cookie?: string, payload?: unknown) => callOn(t, method, url, cookie, payload);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const setLastChat = (app: TestApp, id: string, day: string | null) => app.db.update(profiles).set({ lastChatDate: day }).where(eq(profiles.id, id));
/** The reminders (and test messages) kept for `email` — not the account e-mails sent at sign-up. */
const outboxTo = async (app: TestApp, email: string) =>
  (await app.db.select().from(outboxMessages).where(eq(outboxMessages.to, email))).filter((m) => m.html.includes('unsubscribe?u=') || m.subject === 'x');

function multipartBody(field: string, file: Buffer, filename: string, type: string) {
  const boundary = `----souvenir${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The signed unsubscribe link of a reminder e-mail, as its page would post it. */
function unsubscribeOf(html: string) {
  const href = /href="([^"]*\/unsubscribe\?[^"]*)"/.exec(html)?.[1];
  expect(href, 'an unsubscribe link').toBeDefined();
  const url = new URL(href!.replaceAll('&amp;', '&'));
  return { u: url.searchParams.get('u')!, t: url.searchParams.get('t')! };
}

describe('every admin route', () => {
  it('answers 401 without a session and 403 to a non-administrator, changing nothing', async () => {
    await createUser(t, { admin: true });
    const member = await createUser(t, { admin: false });
    const before = (await call('GET', '/api/admin/settings', (await createUser(t, { admin: true })).cookie)).json();
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/api/admin/settings'],
      ['PATCH', '/api/admin/settings', { agentName: 'Hacker' }],
      ['DELETE', '/api/admin/settings/agent-avatar'],
      ['POST', '/api/admin/email/test', { to: member.email, subject: 'x', html: '<p>x</p>' }],
      ['GET', '/api/admin/outbox'],
      ['POST', '/api/admin/reminders/bulk', { days: 1 }],
      ['POST', '/api/admin/reminders/single', { email: member.email }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await call(method, url, member.cookie, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    const avatar = multipartBody('avatar', await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).png().toBuffer(), 'a.png', 'image/png');
    const upload = await t.app.inject({ method: 'POST', url: '/api/admin/settings/agent-avatar', headers: { ...avatar.headers, cookie: member.cookie, origin: TEST_ORIGIN }, payload: avatar.payload });
    expect(upload.statusCode).toBe(403);
    const admin = await createUser(t, { admin: true });
    expect({ ...(await call('GET', '/api/admin/settings', admin.cookie)).json(), updatedAt: before.updatedAt }).toEqual(before);
    expect(await outboxTo(t, member.email)).toEqual([]);
  });
});

describe('settings', () => {
  it('reads every setting with the providers, and saves what the tabs send — the chat uses it at once', async () => {
    const admin = await createUser(t, { admin: true });
    const settings = adminSettingsSchema.parse((await call('GET', '/api/admin/settings', admin.cookie)).json());
    expect(settings).toMatchObject({ agentName: 'Mira', agentGenderFr: 'feminine', dailyGenerationLimit: 1, reminderScheduleEnabled: false, reminderScheduleDays: 7, providers: { chat: 'offline-companion', mail: 'outbox' } });

    const saved = await call('PATCH', '/api/admin/settings', admin.cookie, { agentName: '  Iris ', agentNameFr: 'Théo', agentGenderFr: 'masculine', chatPromptFr: 'Tu es {agentName}.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ agentName: 'Iris', agentNameFr: 'Théo', agentGenderFr: 'masculine', chatPromptFr: 'Tu es {agentName}.', chatPrompt: settings.chatPrompt });
    const member = await createUser(t, { admin: false });
    expect((await call('GET', '/api/chat/status?language=fr', member.cookie)).json().agent).toMatchObject({ name: 'Théo', gender: 'masculine' });
    expect((await call('GET', '/api/chat/status?language=en', member.cookie)).json().agent.name).toBe('Iris');
  });

  it('refuses blank prompts and names, bad numbers and unknown fields, changing nothing', async () => {
    const admin = await createUser(t, { admin: true });
    const before = (await call('GET', '/api/admin/settings', admin.cookie)).json();
    const cases: Array<[unknown, string, string]> = [
      [{ chatPrompt: '   ' }, 'chatPrompt', 'validation.settingRequired'],
      [{ agentNameFr: '' }, 'agentNameFr', 'validation.settingRequired'],
      [{ imagePrompt: '\n' }, 'imagePrompt', 'validation.settingRequired'],
      [{ summaryPromptFr: ' ' }, 'summaryPromptFr', 'validation.settingRequired'],
      [{ dailyGenerationLimit: -1 }, 'dailyGenerationLimit', 'validation.dailyLimitInvalid'],
      [{ dailyGenerationLimit: 1.5 }, 'dailyGenerationLimit', 'validation.dailyLimitInvalid'],
      [{ dailyGenerationLimit: '3' }, 'dailyGenerationLimit', 'validation.dailyLimitInvalid'],
      [{ imageSize: 'huge' }, 'imageSize', 'validation.imageSizeInvalid'],
      [{ imageQuality: 'ultra' }, 'imageQuality', 'validation.imageQualityInvalid'],
      [{ reminderScheduleDays: 0 }, 'reminderScheduleDays', 'validation.reminderDaysInvalid'],
      [{ agentName: 'x'.repeat(61) }, 'agentName', 'validation.agentNameTooLong'],
      [{ agentGenderFr: 'plural' }, 'agentGenderFr', 'validation.agentGenderInvalid'],
      [{ agentGenderFr: null }, 'agentGenderFr', 'validation.agentGenderInvalid'],
    ];
    for (const [payload, field, key] of cases) {
      const response = await call('PATCH', '/api/admin/settings', admin.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields?.[field], JSON.stringify(payload)).toEqual([key]);
    }
    for (const payload of [{}, { agentAvatarUrl: 'https://evil.example/x.png' }, { discordLink: 'https://x' }, { id: 2 }]) {
      expect((await call('PATCH', '/api/admin/settings', admin.cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/api/admin/settings', admin.cookie)).json()).toEqual(before);
  });

  it('a daily limit of 0 refuses every generation, and raising it allows them again', async () => {
    const admin = await createUser(t, { admin: true });
    const member = await createUser(t, { admin: false });
    expect((await call('PATCH', '/api/admin/settings', admin.cookie, { dailyGenerationLimit: 0 })).json().dailyGenerationLimit).toBe(0);
    const refused = await postGeneration(t, member.cookie, buildGenerationRequest());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('DAILY_LIMIT_REACHED');
    await call('PATCH', '/api/admin/settings', admin.cookie, { dailyGenerationLimit: 1 });
    expect((await postGeneration(t, member.cookie, buildGenerationRequest())).statusCode).toBe(201);
  });

  it('stores the agent’s picture as a 512×512 WebP, shows it in the chat, and removes the old one', async () => {
    const admin = await createUser(t, { admin: true });
    const upload = async (color: string) => {
      const body = multipartBody('avatar', await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).jpeg().toBuffer(), 'agent.jpg', 'image/jpeg');
      return t.app.inject({ method: 'POST', url: '/api/admin/settings/agent-avatar', headers: { ...body.headers, cookie: admin.cookie, origin: TEST_ORIGIN }, payload: body.payload });
    };
    const first = await upload('#88aacc');
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().agentAvatarUrl as string;
    expect(firstUrl).toMatch(/^\/files\/avatars\/agent\/[0-9a-f]{32}\.webp$/);
    expect(await sharp((await call('GET', firstUrl)).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const member = await createUser(t, { admin: false });
    expect((await call('GET', '/api/chat/status?language=en', member.cookie)).json().agent.avatarUrl).toBe(firstUrl);

    const second = (await upload('#cc8844')).json().agentAvatarUrl as string;
    expect((await call('GET', firstUrl)).statusCode).toBe(404);
    const text = multipartBody('avatar', Buffer.from('not an image at all'), 'agent.png', 'image/png');
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/settings/agent-avatar', headers: { ...text.headers, cookie: admin.cookie, origin: TEST_ORIGIN }, payload: text.payload });
    expect(refused.statusCode).toBe(415);
    expect((await call('GET', '/api/admin/settings', admin.cookie)).json().agentAvatarUrl).toBe(second);

    expect((await call('DELETE', '/api/admin/settings/agent-avatar', admin.cookie)).statusCode).toBe(204);
    expect((await call('GET', second)).statusCode).toBe(404);
    expect((await call('GET', '/api/chat/status?language=en', member.cookie)).json().agent.avatarUrl).toBeNull();
  });
});

describe('e-mail tools', () => {
  it('sends a test e-mail and shows it in the outbox, newest first, paged', async () => {
    const admin = await createUser(t, { admin: true });
    const missing = await call('POST', '/api/admin/email/test', admin.cookie, { to: '', subject: 'Hi', html: '<p>Hi</p>' });
    expect(missing.json().error.fields).toEqual({ to: ['validation.recipientRequired'] });
    expect((await call('POST', '/api/admin/email/test', admin.cookie, { to: 'not-an-address' })).json().error.fields).toEqual({ to: ['validation.emailInvalid'] });

    const sent = await call('POST', '/api/admin/email/test', admin.cookie, { to: 'friend@example.test', subject: 'Hello from the tester', html: '<p>It <b>works</b></p>' });
    expect(sent.statusCode, sent.body).toBe(204);
    const page = outboxPageSchema.parse((await call('GET', '/api/admin/outbox', admin.cookie)).json());
    expect(page.kept).toBe(true);
    expect(page.items[0]).toMatchObject({ to: 'friend@example.test', subject: 'Hello from the tester', html: '<p>It <b>works</b></p>', text: 'It works' });
    for (let i = 0; i < 21; i++) await call('POST', '/api/admin/email/test', admin.cookie, { to: `n${i}@example.test` });
    const second = outboxPageSchema.parse((await call('GET', '/api/admin/outbox?page=2', admin.cookie)).json());
    expect(second.page).toBe(2);
    expect(second.pageCount).toBeGreaterThanOrEqual(2);
    expect(second.items.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/outbox?page=0', admin.cookie)).statusCode).toBe(400);
  });

  it('says nothing is kept when e-mail really goes out through SMTP', async () => {
    const mailbox = await startMailbox();
    afterAll(() => mailbox.stop());
    const smtp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_FROM: 'Souvenir <no-reply@souvenir.test>' });
    const admin = await createUser(smtp, { admin: true });
    expect((await callOn(smtp, 'POST', '/api/admin/email/test', admin.cookie, { to: 'friend@example.test', subject: 'Through SMTP' })).statusCode).toBe(204);
    expect((await mailbox.waitForMessage('friend@example.test')).subject).toBe('Through SMTP');
    expect((await callOn(smtp, 'GET', '/api/admin/outbox', admin.cookie)).json()).toMatchObject({ kept: false, items: [] });
  });
});

describe('reminders', () => {
  it('reminds inactive people in their language with their first name, never twice within the threshold, and not after they unsubscribe', async () => {
    const admin = await createUser(t, { admin: true });
    const anna = await createUser(t, { admin: false, firstName: 'Anna' });
    const lea = await createUser(t, { admin: false, firstName: 'Léa', defaultLanguage: 'fr' });
    const recent = await createUser(t, { admin: false });
    const never = await createUser(t, { admin: false });
    await setLastChat(t, anna.id, daysAgo(10));
    await setLastChat(t, lea.id, daysAgo(8));
    await setLastChat(t, recent.id, daysAgo(2));
    await setLastChat(t, never.id, null);
    await setLastChat(t, admin.id, daysAgo(1));

    expect((await call('POST', '/api/admin/reminders/bulk', admin.cookie, { days: 0 })).json().error.fields).toEqual({ days: ['validation.reminderDaysInvalid'] });
    const result = await call('POST', '/api/admin/reminders/bulk', admin.cookie, { days: 7 });
    expect(result.json()).toEqual({ candidates: 2, sent: 2, failed: 0 });

    const [toAnna] = await outboxTo(t, anna.email);
    expect(toAnna).toMatchObject({ subject: 'Souvenir is here when you are ready' });
    expect(toAnna!.html).toContain('Hello Anna,');
    const [toLea] = await outboxTo(t, lea.email);
    expect(toLea!.subject).toBe('Souvenir t’attend quand tu veux');
    expect(toLea!.html).toContain('Bonjour Léa,');
    expect(toLea!.html).toContain('Ne plus recevoir ces rappels');
    expect(await outboxTo(t, recent.email)).toEqual([]);
    expect(await outboxTo(t, never.email)).toEqual([]);

    // Within the threshold, nobody is reminded again.
    expect((await call('POST', '/api/admin/reminders/bulk', admin.cookie, {})).json()).toEqual({ candidates: 0, sent: 0, failed: 0 });

    // Anna follows her link (no session needed); a forged one changes nothing.
    const link = unsubscribeOf(toAnna!.html);
    expect((await call('POST', '/api/reminders/unsubscribe', undefined, { u: lea.id, t: link.t })).statusCode).toBe(404);
    expect((await call('POST', '/api/reminders/unsubscribe', undefined, { u: link.u, t: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/reminders/unsubscribe', undefined, link)).statusCode).toBe(204);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, anna.id)))[0]!.remindersOptOut).toBe(true);
    expect((await t.db.select().from(profiles).where(eq(profiles.id, lea.id)))[0]!.remindersOptOut).toBe(false);

    // Later, past the threshold: Léa is reminded again, Anna never.
    await t.db.update(profiles).set({ lastRemindedAt: new Date(Date.now() - 9 * 86_400_000) }).where(eq(profiles.id, lea.id));
    await t.db.update(profiles).set({ lastRemindedAt: new Date(Date.now() - 9 * 86_400_000) }).where(eq(profiles.id, anna.id));
    expect((await call('POST', '/api/admin/reminders/bulk', admin.cookie, { days: 7 })).json()).toEqual({ candidates: 1, sent: 1, failed: 0 });
    expect(await outboxTo(t, anna.email)).toHaveLength(1);
    const single = await call('POST', '/api/admin/reminders/single', admin.cookie, { email: anna.email });
    expect(single.statusCode).toBe(409);
    expect(single.json().error.code).toBe('REMINDERS_OPTED_OUT');
  });

  it('reminds one person by address, with the "User" fallback name, and says when nobody has that address', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t, { admin: false });
    await t.db.update(profiles).set({ firstName: '' }).where(eq(profiles.id, person.id));
    const sent = await call('POST', '/api/admin/reminders/single', admin.cookie, { email: `  ${person.email.toUpperCase()} ` });
    expect(sent.json()).toEqual({ candidates: 1, sent: 1, failed: 0 });
    expect((await outboxTo(t, person.email))[0]!.html).toContain('Hello User,');
    const unknown = await call('POST', '/api/admin/reminders/single', admin.cookie, { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('USER_NOT_FOUND');
  });

  it('puts a first name holding replacement patterns ($&, $`, $\') in as written', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t, { admin: false });
    const firstName = "Zo$&é $` $' $$";
    await t.db.update(profiles).set({ firstName }).where(eq(profiles.id, person.id));
    await call('PATCH', '/api/admin/settings', admin.cookie, { reminderSubjectEn: 'For {first_name}!', reminderBodyEn: '<p>Hello {first_name},</p>' });
    expect((await call('POST', '/api/admin/reminders/single', admin.cookie, { email: person.email })).json()).toMatchObject({ sent: 1 });
    const [message] = await outboxTo(t, person.email);
    expect(message!.subject).toBe(`For ${firstName}!`);
    expect(message!.html).toContain(`<p>Hello ${escapeHtml(firstName)},</p>`);
  });

  it('runs the scheduled daily reminders once a day when an administrator turns them on', async () => {
    const scheduled = await createTestApp({ REMINDER_CHECK_INTERVAL_SECONDS: '1' });
    const admin = await createUser(scheduled, { admin: true });
    const sleeper = await createUser(scheduled, { admin: false });
    await setLastChat(scheduled, sleeper.id, daysAgo(5));
    // A whole check that began after the person became inactive: off by default, it sent nothing.
    await scheduled.app.reminderSchedule.nextCheck();
    expect(await outboxTo(scheduled, sleeper.email)).toEqual([]);

    await callOn(scheduled, 'PATCH', '/api/admin/settings', admin.cookie, { reminderScheduleEnabled: true, reminderScheduleDays: 3 });
    await expect.poll(() => outboxTo(scheduled, sleeper.email), { timeout: 10_000 }).toHaveLength(1);
    expect((await callOn(scheduled, 'GET', '/api/admin/settings', admin.cookie)).json().reminderLastRunOn).toBe(new Date().toISOString().slice(0, 10));
    // Another tick the same day sends nothing more, even to someone newly inactive.
    const another = await createUser(scheduled, { admin: false });
    await setLastChat(scheduled, another.id, daysAgo(6));
    await scheduled.app.reminderSchedule.nextCheck();
    expect(await outboxTo(scheduled, another.email)).toEqual([]);
    expect(await outboxTo(scheduled, sleeper.email)).toHaveLength(1);
  });
});
