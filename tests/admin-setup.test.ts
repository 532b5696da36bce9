// An address named in ADMIN_EMAILS becomes administrator only once it proves it is the owner's: by its
// e-mail link where e-mail is real, or, on an instance without e-mail, with the one-time setup code the server
// prints in its log. Whoever registers the address first, in any case, gets nothing before that proof.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles, verifications } from '@server/db/schema/index';
import { buildUserInput, createUser, sessionCookieOf, signIn, signUp, uniqueEmail } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { extractLinks, startMailbox } from './support/mailbox';

const CODE_LINE = /Administrator setup code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/;
const printedCode = (t: TestApp) => {
  const match = t.logs.map((line) => CODE_LINE.exec(line)).find(Boolean);
  if (!match) throw new Error('no setup code in the log');
  return match[1]!;
};
const codeOf = (response: { json: () => unknown }) => (response.json() as { error?: { code?: string } }).error?.code;
const me = async (t: TestApp, cookie: string) => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json<{ profile: { isAdmin: boolean; adminSetupCode?: true } }>().profile;
const adminPage = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/admin/settings', headers: { cookie } });
const claim = (t: TestApp, cookie: string, code: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/me/admin-setup', headers: { cookie, origin: TEST_ORIGIN }, payload: { code } });
const storedFlag = async (t: TestApp, id: string) => (await t.db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, id)))[0]?.isAdmin;

/** Registers with the outbox (no verification needed to sign in) and signs in: the person as a stranger would be. */
async function registerUnverified(t: TestApp, email: string) {
  const input = buildUserInput({ email });
  expect((await signUp(t, input)).statusCode).toBe(200);
  const cookie = sessionCookieOf(await signIn(t, email.toLowerCase(), input.password));
  if (!cookie) throw new Error('sign-in failed');
  return cookie;
}

describe('ADMIN_EMAILS without e-mail: the setup code', () => {
  it('gives a listed address registered in any case nothing, even when registration is closed, until the code', async () => {
    const boss = uniqueEmail('boss');
    // The instance already has its first account: that rule (the first account is administrator) is not at play.
    await createUser(await createTestApp());
    const t = await createTestApp({ REGISTRATION: 'closed', ADMIN_EMAILS: `${boss}, ${uniqueEmail('deputy')}` });
    const code = printedCode(t);
    // Only a hash is kept.
    expect(JSON.stringify(await t.db.select().from(verifications))).not.toContain(code);

    const cookie = await registerUnverified(t, boss.toUpperCase());
    expect(await me(t, cookie)).toMatchObject({ isAdmin: false, adminSetupCode: true });
    expect((await adminPage(t, cookie)).statusCode).toBe(403);

    // A wrong code: refused, with a code the web translates, and nothing changes.
    const wrong = await claim(t, cookie, 'ABCD-EFGH-JKMN-PQRS');
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'ADMIN_SETUP_CODE_INVALID']);
    for (const lang of ['en', 'fr']) {
      const catalogue = JSON.parse(readFileSync(`src/web/locales/${lang}/errors.json`, 'utf8')) as Record<string, string>;
      expect(catalogue.ADMIN_SETUP_CODE_INVALID, lang).toBeTruthy();
    }
    expect(await me(t, cookie)).toMatchObject({ isAdmin: false });
    expect((await adminPage(t, cookie)).statusCode).toBe(403);

    // The printed code, typed in lower case without its dashes: administrator.
    expect((await claim(t, cookie, code.toLowerCase().replaceAll('-', ' '))).statusCode).toBe(204);
    const now = await me(t, cookie);
    expect(now.isAdmin).toBe(true);
    expect(now).not.toHaveProperty('adminSetupCode');
    expect((await adminPage(t, cookie)).statusCode).toBe(200);
  });

  it('lets a code work once, and only for a listed address', async () => {
    await createUser(await createTestApp());
    const first = uniqueEmail('first-admin');
    const second = uniqueEmail('second-admin');
    const t = await createTestApp({ ADMIN_EMAILS: `${first},${second}` });
    const code = printedCode(t);
    const stranger = await createUser(t, { verified: false });
    const refused = await claim(t, stranger.cookie, code);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'FORBIDDEN']);
    expect(await storedFlag(t, stranger.id)).toBe(false);

    const a = await registerUnverified(t, first);
    const b = await registerUnverified(t, second);
    expect((await claim(t, a, code)).statusCode).toBe(204);
    const reused = await claim(t, b, code);
    expect([reused.statusCode, codeOf(reused)]).toEqual([400, 'ADMIN_SETUP_CODE_INVALID']);
    expect(await me(t, b)).toMatchObject({ isAdmin: false, adminSetupCode: true });
  });

  it('uses a code once when two requests bring it at the same moment', async () => {
    await createUser(await createTestApp());
    const emails = [uniqueEmail('race-a'), uniqueEmail('race-b'), uniqueEmail('race-c')];
    const t = await createTestApp({ ADMIN_EMAILS: emails.join(',') });
    const code = printedCode(t);
    const cookies = await Promise.all(emails.map((email) => registerUnverified(t, email)));
    const answers = await Promise.all(cookies.map((cookie) => claim(t, cookie, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400, 400]);
  });

  it('limits the tries of one person', async () => {
    await createUser(await createTestApp());
    const boss = uniqueEmail('guesser');
    const t = await createTestApp({ ADMIN_EMAILS: boss });
    const cookie = await registerUnverified(t, boss);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await claim(t, cookie, `AAAA-AAAA-AAAA-AAA${i}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right code waits now.
    expect((await claim(t, cookie, printedCode(t))).statusCode).toBe(429);
    expect(await me(t, cookie)).toMatchObject({ isAdmin: false });
  });

  it('prints no code when no address is listed', async () => {
    const t = await createTestApp();
    expect(t.logs.some((line) => CODE_LINE.test(line))).toBe(false);
  });
});

describe('ADMIN_EMAILS with real e-mail', () => {
  const mailboxReady = startMailbox();
  afterAll(async () => (await mailboxReady).stop());

  it('makes the listed address administrator once its e-mail link is followed, and prints no code', async () => {
    const mailbox = await mailboxReady;
    await createUser(await createTestApp());
    const boss = uniqueEmail('mailed-boss');
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_FROM: 'Souvenir <hello@souvenir.test>', ADMIN_EMAILS: boss });
    expect(t.logs.some((line) => CODE_LINE.test(line))).toBe(false);
    const input = buildUserInput({ email: boss.toUpperCase() });
    const registered = await signUp(t, input);
    expect(registered.statusCode).toBe(200);
    // Not verified: not administrator (and, with real e-mail, not even signed in).
    expect(await storedFlag(t, registered.json<{ user: { id: string } }>().user.id)).toBe(false);
    expect((await signIn(t, boss, input.password)).statusCode).toBe(403);

    const mail = await mailbox.waitForMessage(boss);
    const link = new URL(extractLinks(mail).find((l) => l.includes('/api/auth/verify-email'))!);
    const verified = await t.app.inject({ url: link.pathname + link.search });
    const cookie = sessionCookieOf(verified)!;
    expect(await me(t, cookie)).toMatchObject({ isAdmin: true });
    expect((await adminPage(t, cookie)).statusCode).toBe(200);
    // No code to enter here: the address itself was the proof.
    const asked = await claim(t, cookie, 'AAAA-AAAA-AAAA-AAAA');
    expect([asked.statusCode, codeOf(asked)]).toEqual([403, 'FORBIDDEN']);
  });
});
