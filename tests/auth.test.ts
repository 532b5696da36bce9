import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, profiles, sessions, users } from '@server/db/schema/index';
import { buildUserInput, createUser, sessionCookieOf, signIn, signUp } from './factories/user';
import { createTestApp } from './support/app';

// Embedded defaults: the outbox mail provider, so no e-mail verification is required.
const t = await createTestApp();

const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });

describe('accounts on the embedded defaults', () => {
  it('registers an account with its profile, language and first name, and the first account is administrator', async () => {
    const first = buildUserInput({ firstName: '  Élodie ', defaultLanguage: 'fr' });
    const response = await signUp(t, first);
    expect(response.statusCode).toBe(200);
    // Registration never signs in by itself: the person signs in from the sign-in tab.
    expect(sessionCookieOf(response)).toBeUndefined();

    const second = buildUserInput();
    expect((await signUp(t, second)).statusCode).toBe(200);

    const rows = await t.db.select().from(profiles);
    expect(rows).toHaveLength(2);
    const [firstUser] = await t.db.select().from(users).where(eq(users.email, first.email));
    const firstProfile = rows.find((r) => r.id === firstUser!.id)!;
    expect(firstProfile).toMatchObject({ firstName: 'Élodie', defaultLanguage: 'fr', isAdmin: true, sessionCount: 0 });
    expect(rows.find((r) => r.id !== firstUser!.id)).toMatchObject({ isAdmin: false, defaultLanguage: 'en' });
  });

  it('signs in at once with the outbox (no verification needed) and still stores a verification e-mail in the outbox', async () => {
    const input = buildUserInput({ defaultLanguage: 'fr' });
    await signUp(t, input);
    const response = await signIn(t, input.email, input.password);
    expect(response.statusCode).toBe(200);

    const cookie = response.cookies.find((c) => c.name === 'better-auth.session_token')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy(); // http://localhost: no Secure flag; https PUBLIC_URL sets it (below)

    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, input.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Confirme ton adresse e-mail pour Souvenir');
    expect(mail[0]!.text).toContain('/api/auth/verify-email?token=');
  });

  it('answers /api/me for the signed-in person only', async () => {
    const user = await createUser(t, { firstName: 'Noor' });
    const response = await me(user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: user.id, email: user.email },
      profile: { firstName: 'Noor', defaultLanguage: 'en', isAdmin: false },
    });
    // The confidential medical note never reaches a non-administrator, not even as null.
    expect(response.json().profile).not.toHaveProperty('medicalDiagnosis');

    const anonymous = await me();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('rejects the old cookie after sign-out', async () => {
    const user = await createUser(t);
    expect((await me(user.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('refuses a session cookie whose signature is forged or missing, and an expired session', async () => {
    const user = await createUser(t);
    const [name, value] = user.cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`)}`;
    for (const cookie of [forged, `${name}=${token}`, `${name}=${encodeURIComponent(`${token}.`)}`, `${name}=%E0%A4%A`]) {
      expect((await me(cookie)).statusCode, cookie).toBe(401);
    }
    expect((await me(user.cookie)).statusCode).toBe(200);

    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('keeps a session alive past its daily refresh, extending it as better-auth does', async () => {
    const user = await createUser(t);
    const token = decodeURIComponent(user.cookie.split('=')[1]!).split('.')[0]!;
    // Two days into a seven-day session: better-auth's refresh (once a day) is due.
    const soon = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.token, token));
    expect((await me(user.cookie)).statusCode).toBe(200);
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
  });

  it('gives a new session token at each sign-in', async () => {
    const user = await createUser(t);
    const again = sessionCookieOf(await signIn(t, user.email, user.password));
    expect(again).toBeDefined();
    expect(again).not.toBe(user.cookie);
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const user = await createUser(t);
    const wrong = await signIn(t, user.email, 'not the password');
    const unknown = await signIn(t, 'nobody@example.test', 'whatever123');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('does not reveal that an address is taken: a duplicate sign-up creates nothing and tells the owner', async () => {
    const user = await createUser(t);
    const duplicate = await signUp(t, buildUserInput({ email: user.email.toUpperCase(), password: 'another password' }));
    expect(duplicate.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, user.email))).toHaveLength(1);
    // The existing password still works and the new one does not.
    expect((await signIn(t, user.email, 'another password')).statusCode).toBe(401);
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, user.email));
    expect(mails.map((m) => m.subject)).toContain('Someone tried to create a Souvenir account with your address');
  });

  it.each([
    [{}, ['email', 'password', 'name']],
    [{ email: 'not-an-email', password: 'long enough pass', name: 'Ana' }, ['email']],
    [{ email: 'short@example.test', password: '12345', name: 'Ana' }, ['password']],
    [{ email: 'name@example.test', password: 'long enough pass', name: 'A' }, ['name']],
    [{ email: 'lang@example.test', password: 'long enough pass', name: 'Ana', defaultLanguage: 'de' }, ['defaultLanguage']],
    [{ email: ['x'], password: 42, name: { a: 1 } }, ['email', 'password', 'name']],
  ])('refuses the invalid sign-up body %j with field errors and creates nothing', async (payload, fields) => {
    const before = (await t.db.select().from(users)).length;
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; fields: Record<string, string[]> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields).sort()).toEqual([...fields].sort());
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('refuses sign-in bodies that are not JSON objects without a server error', async () => {
    for (const payload of ['{not json', '[]', '"text"', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('saves the interface language of the signed-in person and refuses other values', async () => {
    const user = await createUser(t);
    const put = (language: unknown, cookie?: string) =>
      t.app.inject({ method: 'PUT', url: '/api/me/language', headers: cookie ? { cookie } : {}, payload: { language } });

    expect((await put('fr', user.cookie)).statusCode).toBe(204);
    expect((await me(user.cookie)).json().profile.defaultLanguage).toBe('fr');

    const bad = await put('de', user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { language: ['validation.languageRequired'] } } });
    expect((await put('en')).statusCode).toBe(401);
    // Signed out, a wrong body is not even read: 401 before 400.
    expect((await put('de')).statusCode).toBe(401);
    expect((await me(user.cookie)).json().profile.defaultLanguage).toBe('fr');
  });
});

describe('administrators named by ADMIN_EMAILS', () => {
  it('treats a listed address as administrator and shows it the confidential field', async () => {
    const adminEmail = 'Boss@Example.test';
    const named = await createTestApp({ ADMIN_EMAILS: `someone@example.test, ${adminEmail}` });
    const admin = await createUser(named, { email: adminEmail.toLowerCase() });
    const body = (await named.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin.cookie } })).json();
    expect(body.profile.isAdmin).toBe(true);
    expect(body.profile).toHaveProperty('medicalDiagnosis', null);
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure when the public address is HTTPS', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://souvenir.example' });
    const input = buildUserInput();
    await signUp(https, input);
    const response = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://souvenir.example' },
      payload: { email: input.email, password: input.password },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name.endsWith('better-auth.session_token'))!;
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
    // The secure cookie's own name (__Secure-…) is the one the session reader reads.
    const signedIn = await https.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(signedIn.statusCode).toBe(200);
  });
});
