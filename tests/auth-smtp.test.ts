import { afterAll, describe, expect, it } from 'vitest';
import { buildUserInput, createUser, sessionCookieOf, signIn, signUp } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { extractLinks, startMailbox } from './support/mailbox';

// A real SMTP provider (nodemailer) delivering to a real SMTP server in this process.
const mailbox = await startMailbox();
afterAll(() => mailbox.stop());
const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, MAIL_FROM: 'Souvenir <hello@souvenir.test>' });

/** Follows an e-mailed link the way a browser would, keeping only path and query (the app is not listening). */
const follow = (link: string, cookie?: string) => {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });
};

describe('e-mail verification through SMTP', () => {
  it('sends the verification e-mail in the person’s language and only lets them in once verified', async () => {
    const input = buildUserInput({ defaultLanguage: 'fr', firstName: 'Inès' });
    expect((await signUp(t, input)).statusCode).toBe(200);

    const mail = await mailbox.waitForMessage(input.email, { subjectIncludes: 'Confirme ton adresse e-mail' });
    expect(mail.text).toContain('Bonjour Inès');

    const early = await signIn(t, input.email, input.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(sessionCookieOf(early)).toBeUndefined();

    const link = extractLinks(mail).find((l) => l.includes('/api/auth/verify-email'))!;
    const verified = await follow(link);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/auth?verified=1');
    // Verification signs the person in on the device that opened the link.
    const cookie = sessionCookieOf(verified)!;
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    // That sign-in counts as the first session (docs/decisions/0008).
    expect(me.json()).toMatchObject({ user: { email: input.email, emailVerified: true }, profile: { firstName: 'Inès', sessionCount: 1 } });

    const again = await signIn(t, input.email, input.password);
    expect(again.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookieOf(again)! } });
    expect(profile.json().profile.sessionCount).toBe(2);
  });

  it('refuses a forged or reused verification link', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged.token.value&callbackURL=/auth' });
    expect(forged.statusCode).toBeGreaterThanOrEqual(300);
    expect(forged.statusCode).toBeLessThan(500);
    if (forged.statusCode === 302) expect(forged.headers.location).toContain('error=');
  });
});

describe('password reset through SMTP', () => {
  it('e-mails a link that lets the person choose a new password, signing out every other session', async () => {
    const user = await createUser(t, { defaultLanguage: 'en', firstName: 'Sam' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/auth/reset-password' },
    });
    expect(request.statusCode).toBe(200);

    const mail = await mailbox.waitForMessage(user.email, { subjectIncludes: 'Reset your Souvenir password' });
    expect(mail.text).toContain('Hello Sam');
    const link = extractLinks(mail).find((l) => l.includes('/api/auth/reset-password/'))!;
    const landing = await follow(link);
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, TEST_ORIGIN);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'a brand new secret', token },
    });
    expect(reset.statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await signIn(t, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(t, user.email, 'a brand new secret')).statusCode).toBe(200);

    // The token works once.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'yet another one', token } });
    expect(again.statusCode).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = mailbox.messages.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ghost@example.test', redirectTo: '/auth/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    // An e-mail would have been handed to the background tasks before the answer: once they are all
    // settled, anything sent has reached the mailbox.
    await t.app.backgroundTasks.settled();
    expect(mailbox.messages.length).toBe(before);
  });
});
