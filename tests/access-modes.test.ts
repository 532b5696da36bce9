// How people get in on a self-hosted instance: billing off (a private instance), registration open,
// invite-only or closed, and every link the server makes following the address the person used. Each mode is
// tried from the outside, through the routes a client could call, with the spellings a client could try.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, outboxMessages as outbox, users } from '@server/db/schema/index';
import { buildChatRequest, postChatReply } from './factories/chat-request';
import { addJournalDay } from './factories/journal-day';
import { createUser, signIn, uniqueEmail } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { resetDatabase } from './support/database';

const codeOf = (response: { json: () => unknown }) => (response.json() as { error?: { code?: string }; code?: string }).error?.code ?? (response.json() as { code?: string }).code;

describe('BILLING=off: a private instance', () => {
  it('lets a person talk on their second day without any subscription, and sells nothing', async () => {
    const t = await createTestApp({ BILLING: 'off', CHAT_OFFLINE_DELAY_MS: '0' });
    const user = await createUser(t);
    await addJournalDay(t, user.id, '2025-01-02');

    const reply = await postChatReply(t, user.cookie, buildChatRequest());
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('"type":"done"');

    const status = await t.app.inject({ url: '/api/billing/status', headers: { cookie: user.cookie } });
    expect(status.json()).toMatchObject({ hasActiveSubscription: true, provider: 'off', manageable: false });
    expect((await t.app.inject({ url: '/api/public-config' })).json()).toMatchObject({ billing: 'off' });
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({ providers: { billing: 'off' } });
  });

  it('answers every purchase route with a coded 4xx', async () => {
    const t = await createTestApp({ BILLING: 'off' });
    const user = await createUser(t);
    const headers = { cookie: user.cookie, origin: TEST_ORIGIN };
    const calls = [
      { url: '/api/billing/checkout', payload: { language: 'en' } },
      { url: '/api/billing/portal', payload: { language: 'en' } },
      { url: '/api/billing/sandbox/portal/cancel' },
      { url: `/api/billing/sandbox/checkouts/${crypto.randomUUID()}/complete` },
      { url: `/api/billing/sandbox/checkouts/${crypto.randomUUID()}/cancel` },
      { url: '/api/billing/webhook', payload: { type: 'checkout.session.completed' } },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ method: 'POST', url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) });
      expect(response.statusCode, call.url).toBe(404);
      expect(['BILLING_OFF', 'NOT_FOUND'], call.url).toContain(codeOf(response));
    }
    const checkout = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers, payload: { language: 'en' } });
    expect(codeOf(checkout)).toBe('BILLING_OFF');
    const read = await t.app.inject({ url: `/api/billing/sandbox/checkouts/${crypto.randomUUID()}`, headers });
    expect([read.statusCode, codeOf(read)]).toEqual([404, 'BILLING_OFF']);
  });
});

/** A sign-up as the registration form sends it, under any spelling of the path. */
const signUpAt = (t: TestApp, url: string, email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: 'correct horse battery', name: 'Camille', defaultLanguage: 'en', ...extra },
  });
const SPELLINGS = ['/api/auth/sign-up/email', '/api/auth/sign-up/email/', '/api/auth//sign-up/email', '/api/auth/sign-up/email?x=1', '/api/auth/sign-up/%65mail', '/api/auth/SIGN-UP/EMAIL'];

describe('registration', () => {
  it('closed: refuses every sign-up, whatever the spelling, once someone can run the instance', async () => {
    const open = await createTestApp();
    await createUser(open);
    const t = await createTestApp({ REGISTRATION: 'closed' });
    for (const url of SPELLINGS) {
      const email = uniqueEmail('closed');
      const response = await signUpAt(t, url, email);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect((await signIn(t, email, 'correct horse battery')).statusCode, url).not.toBe(200);
    }
    const refused = await signUpAt(t, '/api/auth/sign-up/email', uniqueEmail('closed'));
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'REGISTRATION_CLOSED']);
    expect((await t.app.inject({ url: '/api/public-config' })).json()).toMatchObject({ registration: 'closed' });
  });

  it('closed: still admits an address in ADMIN_EMAILS, so an instance is never locked', async () => {
    const open = await createTestApp();
    await createUser(open);
    const admin = uniqueEmail('owner');
    const t = await createTestApp({ REGISTRATION: 'closed', ADMIN_EMAILS: admin });
    expect((await signUpAt(t, '/api/auth/sign-up/email', admin)).statusCode).toBe(200);
  });

  it('invite: an administrator invites by e-mail; the link works once, for its address, until it expires', async () => {
    // The administrator signed up while registration was open; the same database, now invite-only.
    const admin = await createUser(await createTestApp(), { admin: true });
    const t = await createTestApp({ REGISTRATION: 'invite' });
    const guest = uniqueEmail('guest');
    const headers = { cookie: admin.cookie, origin: TEST_ORIGIN };

    // Without an invitation: refused.
    const uninvited = await signUpAt(t, '/api/auth/sign-up/email', guest);
    expect([uninvited.statusCode, codeOf(uninvited)]).toEqual([403, 'INVITATION_INVALID']);

    const invited = await t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers, payload: { email: guest.toUpperCase(), language: 'fr' } });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: guest, status: 'pending', language: 'fr' });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, guest));
    const link = /https?:\/\/[^\s"]+invitation=([A-Za-z0-9_-]{43})[^\s"]*/.exec(mail!.text)!;
    expect(link[0].startsWith(`${TEST_ORIGIN}/auth?`)).toBe(true);
    // The page opens in the language the administrator chose for the invitation.
    expect(new URL(link[0]).searchParams.get('lang')).toBe('fr');
    const token = link[1]!;
    // Only a hash is stored.
    expect(JSON.stringify(await t.db.select().from(invitations))).not.toContain(token);

    expect((await t.app.inject({ url: `/api/invitations/${token}` })).json()).toEqual({ email: guest, language: 'fr' });
    // Another address with this token, or this address with a made-up token: refused.
    expect(codeOf(await signUpAt(t, '/api/auth/sign-up/email', uniqueEmail('other'), { invitationToken: token }))).toBe('INVITATION_INVALID');
    expect(codeOf(await signUpAt(t, '/api/auth/sign-up/email', guest, { invitationToken: 'A'.repeat(43) }))).toBe('INVITATION_INVALID');
    expect(codeOf(await signUpAt(t, '/api/auth/sign-up/email', guest, { invitationToken: 42 }))).toBe('VALIDATION_FAILED');

    expect((await signUpAt(t, '/api/auth/sign-up/email', guest, { invitationToken: token })).statusCode).toBe(200);
    expect((await signIn(t, guest, 'correct horse battery')).statusCode).toBe(200);

    // Used: refused for another account, and no longer readable.
    const reused = await signUpAt(t, '/api/auth/sign-up/email?again=1', uniqueEmail('reuse'), { invitationToken: token });
    expect(codeOf(reused)).toBe('INVITATION_INVALID');
    expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/admin/invitations', headers });
    expect(list.json()).toMatchObject({ items: [{ email: guest, status: 'accepted' }] });
  });

  it('invite: an expired invitation is refused', async () => {
    const admin = await createUser(await createTestApp(), { admin: true });
    const t = await createTestApp({ REGISTRATION: 'invite' });
    const guest = uniqueEmail('late');
    await t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: { cookie: admin.cookie, origin: TEST_ORIGIN }, payload: { email: guest, language: 'en' } });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, guest));
    const token = /invitation=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    await t.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, guest));

    expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const refused = await signUpAt(t, '/api/auth/sign-up/email', guest, { invitationToken: token });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'INVITATION_INVALID']);
    const list = await t.app.inject({ url: '/api/admin/invitations', headers: { cookie: admin.cookie } });
    expect(list.json<{ items: { email: string; status: string }[] }>().items.find((i) => i.email === guest)).toMatchObject({ status: 'expired' });
  });

  it('invite: on a fresh instance only one of many simultaneous sign-ups without an invitation becomes the first account', async () => {
    await resetDatabase();
    const t = await createTestApp({ REGISTRATION: 'invite' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => signUpAt(t, '/api/auth/sign-up/email', uniqueEmail('rush'))));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 403).map(codeOf)).toEqual(Array.from({ length: 19 }, () => 'INVITATION_INVALID'));
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(1);
    // Later ones meet the invitation rule as well.
    expect(codeOf(await signUpAt(t, '/api/auth/sign-up/email', uniqueEmail('late')))).toBe('INVITATION_INVALID');
  });

  it('open: invitations are refused (there is nothing to invite to)', async () => {
    const t = await createTestApp();
    const admin = await createUser(t, { admin: true });
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/invitations', headers: { cookie: admin.cookie, origin: TEST_ORIGIN }, payload: { email: uniqueEmail(), language: 'en' } });
    expect([response.statusCode, codeOf(response)]).toEqual([409, 'CONFLICT']);
  });
});

describe('addresses without PUBLIC_URL', () => {
  const checkoutFrom = async (t: TestApp, cookie: string, host: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie, host, origin: `http://${host}`, ...extra }, payload: { language: 'en' } });

  it('sends the person back to the loopback address they used (127.0.0.1 and localhost keep apart cookies)', async () => {
    const t = await createTestApp({ PUBLIC_URL: '' });
    const user = await createUser(t);
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']) {
      const response = await checkoutFrom(t, user.cookie, host);
      expect(response.statusCode, host).toBe(200);
      expect(response.json<{ url: string }>().url.startsWith(`http://${host}/billing/sandbox/checkout/`), host).toBe(true);
    }
  });

  it('never echoes a foreign Host header without a trusted proxy', async () => {
    const t = await createTestApp({ PUBLIC_URL: '' });
    const user = await createUser(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: user.cookie, host: 'evil.example' }, payload: { language: 'en' } });
    expect(response.json<{ url: string }>().url.startsWith('http://localhost:3000/')).toBe(true);
  });

  it('behind a trusted proxy, follows X-Forwarded-Proto and -Host, for links and e-mails', async () => {
    const t = await createTestApp({ PUBLIC_URL: '', TRUST_PROXY: 'true' });
    const user = await createUser(t);
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'journal.family.example' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { cookie: user.cookie, origin: 'https://journal.family.example', ...forwarded },
      payload: { language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ url: string }>().url.startsWith('https://journal.family.example/billing/sandbox/checkout/')).toBe(true);

    // better-auth's own e-mails: the password-reset link.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: 'https://journal.family.example', ...forwarded },
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, user.email));
    const resetMail = mails.find((m) => m.text.includes('reset-password'));
    expect(resetMail!.text).toContain('https://journal.family.example/api/auth/reset-password/');
    // Another site's page still may not write.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: user.cookie, origin: 'https://evil.example', ...forwarded }, payload: { language: 'en' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('with PUBLIC_URL, uses it whatever address the request came to', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'http://souvenir.example', TRUST_PROXY: 'true' });
    const user = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { cookie: user.cookie, origin: 'http://souvenir.example', host: '127.0.0.1:3000', 'x-forwarded-host': 'other.example' },
      payload: { language: 'en' },
    });
    expect(response.json<{ url: string }>().url.startsWith('http://souvenir.example/billing/sandbox/checkout/')).toBe(true);
  });
});
