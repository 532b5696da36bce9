// Single sign-on against a real OpenID provider run in-process (tests/support/oidc-provider.ts): discovery,
// the code flow, accounts joined only by an address the provider verified, and the switch that turns
// password sign-in off once an administrator has come in through it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, users } from '@server/db/schema/index';
import { createUser, sessionCookieOf, signIn, uniqueEmail } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startOidcProvider, type OidcProviderStandIn } from './support/oidc-provider';

let idp: OidcProviderStandIn;
beforeAll(async () => {
  idp = await startOidcProvider();
  idp.allowApp(TEST_ORIGIN);
});
afterAll(async () => {
  await idp.close();
});

const ssoApp = (env: Record<string, string> = {}) =>
  createTestApp({ OIDC_ISSUER_URL: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_BUTTON_LABEL: 'Test IdP', ...env });

const codeOf = (response: { json: () => unknown }) => (response.json() as { error?: { code?: string }; code?: string }).error?.code ?? (response.json() as { code?: string }).code;
const cookiesOf = (response: { cookies: { name: string; value: string }[] }) => response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The sign-in button's request: the provider's authorization URL, and the cookies that remember the attempt. */
async function startSso(t: TestApp) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider: 'sso', callbackURL: '/home', errorCallbackURL: '/auth?provider=sso' },
  });
  expect(started.statusCode, started.body).toBe(200);
  return { url: started.json<{ url: string }>().url, cookie: cookiesOf(started) };
}

/** The whole round trip: the app, the provider's sign-in page, the app's callback. */
async function ssoSignIn(t: TestApp, email: string) {
  const { url, cookie } = await startSso(t);
  const callback = new URL(await idp.signIn(url, email));
  expect(callback.origin).toBe(TEST_ORIGIN);
  const back = await t.app.inject({ url: `${callback.pathname}${callback.search}`, headers: { cookie } });
  return { status: back.statusCode, location: back.headers.location, cookie: sessionCookieOf(back) };
}

const ssoAccountOf = async (t: TestApp, userId: string) =>
  t.db.select().from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'sso')));

describe('single sign-on through an OpenID provider', () => {
  it('finds the provider by discovery and says so to the sign-in page', async () => {
    const t = await ssoApp();
    expect((await t.app.inject({ url: '/api/public-config' })).json()).toMatchObject({ sso: { label: 'Test IdP' }, passwordSignIn: true });

    const { url } = await startSso(t);
    const authorization = new URL(url);
    // The authorization endpoint comes from the provider's discovery document, not from configuration.
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(authorization.searchParams.get('client_id')).toBe(idp.clientId);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/sso`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
  });

  it('signs a new person in, with an account and a profile', async () => {
    const t = await ssoApp();
    const email = uniqueEmail('sso');
    idp.addPerson({ email, emailVerified: true, name: 'Noor' });

    const result = await ssoSignIn(t, email);
    expect(result.status).toBe(302);
    expect(result.location).toBe('/home');
    expect(result.cookie).toBeDefined();
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: result.cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email, emailVerified: true }, profile: { firstName: 'Noor' } });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await ssoAccountOf(t, user!.id)).toHaveLength(1);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, user!.id))).toHaveLength(1);
  });

  it('joins an existing account when the provider has verified the address', async () => {
    const t = await ssoApp();
    const person = await createUser(t, { email: uniqueEmail('linked') });
    idp.addPerson({ email: person.email, emailVerified: true, name: 'Someone else' });

    const result = await ssoSignIn(t, person.email);
    expect(result.location).toBe('/home');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: result.cookie! } });
    expect(me.json()).toMatchObject({ user: { id: person.id, email: person.email } });
    expect(await ssoAccountOf(t, person.id)).toHaveLength(1);
    // The password still works alongside.
    expect(sessionCookieOf(await signIn(t, person.email, person.password))).toBeDefined();
  });

  it('does not join an account on an address the provider has not verified', async () => {
    const t = await ssoApp();
    const person = await createUser(t, { email: uniqueEmail('claimed') });
    idp.addPerson({ email: person.email, emailVerified: false, name: 'Impostor' });

    const result = await ssoSignIn(t, person.email);
    expect(result.cookie).toBeUndefined();
    expect(result.status).toBe(302);
    const landing = new URL(result.location!, TEST_ORIGIN);
    expect(landing.pathname).toBe('/auth');
    expect(landing.searchParams.get('provider')).toBe('sso');
    expect(landing.searchParams.get('error')).toBe('account_not_linked');
    expect(await ssoAccountOf(t, person.id)).toHaveLength(0);
  });
});

describe('an address in ADMIN_EMAILS signing in through the provider', () => {
  it('is administrator only when the provider says the address is verified', async () => {
    await createUser(await ssoApp());
    const unverified = uniqueEmail('sso-boss-unverified');
    const verified = uniqueEmail('sso-boss-verified');
    const t = await ssoApp({ ADMIN_EMAILS: `${unverified},${verified}` });
    idp.addPerson({ email: unverified, emailVerified: false, name: 'Claims' });
    idp.addPerson({ email: verified, emailVerified: true, name: 'Owns' });

    const claimed = await ssoSignIn(t, unverified);
    expect(claimed.cookie).toBeDefined();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: claimed.cookie! } })).json()).toMatchObject({ profile: { isAdmin: false } });
    expect((await t.app.inject({ url: '/api/admin/settings', headers: { cookie: claimed.cookie! } })).statusCode).toBe(403);

    const owned = await ssoSignIn(t, verified);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: owned.cookie! } })).json()).toMatchObject({ profile: { isAdmin: true } });
    expect((await t.app.inject({ url: '/api/admin/settings', headers: { cookie: owned.cookie! } })).statusCode).toBe(200);
  });
});

describe('turning password sign-in off', () => {
  it('is refused until the administrator has signed in with single sign-on, then refuses passwords', async () => {
    const t = await ssoApp();
    const admin = await createUser(t, { email: uniqueEmail('admin'), admin: true });
    const member = await createUser(t, { email: uniqueEmail('member') });
    const turn = (cookie: string, passwordSignIn: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/sign-in', headers: { cookie, origin: TEST_ORIGIN }, payload: { passwordSignIn } });

    const before = await t.app.inject({ url: '/api/admin/sign-in', headers: { cookie: admin.cookie } });
    expect(before.json()).toEqual({ sso: { issuer: idp.issuer, label: 'Test IdP' }, passwordSignIn: true, signedInWithSso: false });
    const refused = await turn(admin.cookie, false);
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'SSO_NOT_PROVEN']);
    expect(sessionCookieOf(await signIn(t, member.email, member.password))).toBeDefined();

    // A person who is not an administrator cannot reach the switch at all.
    expect((await turn(member.cookie, false)).statusCode).toBe(403);

    idp.addPerson({ email: admin.email, emailVerified: true, name: 'Admin' });
    const viaSso = await ssoSignIn(t, admin.email);
    expect(viaSso.cookie).toBeDefined();
    const accepted = await turn(viaSso.cookie!, false);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ sso: { issuer: idp.issuer, label: 'Test IdP' }, passwordSignIn: false, signedInWithSso: true });
    expect((await t.app.inject({ url: '/api/public-config' })).json()).toMatchObject({ passwordSignIn: false });

    // Every way a password gets someone in is refused, with a code the page translates.
    const password = await signIn(t, member.email, member.password);
    expect([password.statusCode, codeOf(password), sessionCookieOf(password)]).toEqual([403, 'PASSWORD_SIGN_IN_OFF', undefined]);
    const attempts = [
      { url: '/api/auth/sign-up/email', payload: { email: uniqueEmail('new'), password: 'correct horse battery', name: 'Lou', defaultLanguage: 'en' } },
      { url: '/api/auth/request-password-reset', payload: { email: member.email, redirectTo: '/reset-password' } },
      { url: '/api/auth/reset-password', payload: { token: 'x'.repeat(24), newPassword: 'another long password' } },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ method: 'POST', url: attempt.url, headers: { origin: TEST_ORIGIN }, payload: attempt.payload });
      expect([response.statusCode, codeOf(response)], attempt.url).toEqual([403, 'PASSWORD_SIGN_IN_OFF']);
    }
    // Single sign-on still lets the member in (their address verified by the provider joins their account).
    idp.addPerson({ email: member.email, emailVerified: true, name: 'Member' });
    expect((await ssoSignIn(t, member.email)).location).toBe('/home');

    // And back on.
    expect((await turn(viaSso.cookie!, true)).json()).toMatchObject({ passwordSignIn: true });
    expect(sessionCookieOf(await signIn(t, member.email, member.password))).toBeDefined();
  });

  it('is refused where single sign-on is not set up, and passwords keep working', async () => {
    const t = await createTestApp();
    const admin = await createUser(t, { email: uniqueEmail('admin'), admin: true });
    expect((await t.app.inject({ url: '/api/public-config' })).json()).toMatchObject({ sso: null, passwordSignIn: true });
    const refused = await t.app.inject({ method: 'PUT', url: '/api/admin/sign-in', headers: { cookie: admin.cookie, origin: TEST_ORIGIN }, payload: { passwordSignIn: false } });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'SSO_NOT_CONFIGURED']);
    expect(sessionCookieOf(await signIn(t, admin.email, admin.password))).toBeDefined();
  });
});
