import { describe, expect, it } from 'vitest';
import { buildUserInput, createUser, signIn } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

const t = await createTestApp();

describe('health and public configuration', () => {
  it('reports the database and the provider chosen for each capability', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { ok: true, driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' },
      providers: {
        chat: 'offline-companion',
        text: 'offline-extractor',
        transcription: 'none',
        image: 'generative-art',
        billing: 'sandbox',
        mail: 'outbox',
        storage: 'local-folder',
        googleSignIn: 'disabled',
        localModel: { chat: null, text: null },
      },
      failing: [],
    });
  });

  it('tells the browser only non-secret settings', async () => {
    const google = await createTestApp({
      GOOGLE_CLIENT_ID: 'id.apps.example',
      GOOGLE_CLIENT_SECRET: 'very-secret-value',
      // Nothing answers there: discovery is tried again when someone signs in.
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/realms/family',
      OIDC_CLIENT_ID: 'souvenir',
      OIDC_CLIENT_SECRET: 'another-secret-value',
      OIDC_BUTTON_LABEL: 'Keycloak',
    });
    const response = await google.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toEqual({
      googleSignIn: true,
      sso: { label: 'Keycloak' },
      passwordSignIn: true,
      emailVerificationRequired: false,
      mailProvider: 'outbox',
      privacyEmail: 'privacy@souvenir.local',
      privacyContactPlaceholder: true,
      registration: 'open',
      billing: 'sandbox',
      agentGender: 'feminine',
    });
    expect(response.body).not.toContain('very-secret-value');
    expect(response.body).not.toContain('another-secret-value');
    const health = await google.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().providers.googleSignIn).toBe('google');
  });
});

describe('the privacy contact', () => {
  it('is the mail sender when PRIVACY_CONTACT is unset, PRIVACY_CONTACT when set, in the policy and the public configuration', async () => {
    const contactOf = async (env: Record<string, string>) => {
      const instance = await createTestApp(env);
      const config = (await instance.app.inject({ method: 'GET', url: '/api/public-config' })).json<{ privacyEmail: string; privacyContactPlaceholder: boolean }>();
      const policy = (await instance.app.inject({ method: 'GET', url: '/api/privacy-policy?language=fr' })).json<{ contactEmail: string; html: string }>();
      expect(policy.contactEmail).toBe(config.privacyEmail);
      expect(policy.html).toContain(config.privacyEmail);
      expect(policy.html).not.toContain('souvenir.local');
      return config;
    };
    expect(await contactOf({ MAIL_FROM: 'Souvenir <hello@journal.example>' })).toMatchObject({ privacyEmail: 'hello@journal.example', privacyContactPlaceholder: false });
    expect(await contactOf({ MAIL_FROM: 'Souvenir <hello@journal.example>', PRIVACY_CONTACT: 'privacy@journal.example' })).toMatchObject({
      privacyEmail: 'privacy@journal.example',
      privacyContactPlaceholder: false,
    });
  });
});

describe('web security', () => {
  it('sends security headers and never lets the API be cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // Frames only over https (the community calendar); never plain http, data: or javascript:.
    expect(csp).toContain('frame-src https:');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();

    const auth = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(auth.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS when served over HTTPS', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://souvenir.example' });
    const response = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('refuses state-changing requests from another site, with or without a session', async () => {
    const user = await createUser(t);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/me/language',
        headers: { cookie: user.cookie, ...headers },
        payload: { language: 'fr' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().profile.defaultLanguage).toBe('en');

    const sameSite = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { language: 'fr' },
    });
    expect(sameSite.statusCode).toBe(204);

    const foreignSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { email: user.email, password: user.password },
    });
    expect(foreignSignIn.statusCode).toBe(403);
  });

  it('with no PUBLIC_URL, accepts the app opened as 127.0.0.1 as well as localhost, and nothing else', async () => {
    const local = await createTestApp({ PUBLIC_URL: '', PORT: '3000' });
    const input = buildUserInput();
    const register = (origin: string) =>
      local.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin },
        payload: { email: input.email, password: input.password, name: input.firstName, defaultLanguage: 'en' },
      });
    expect((await register('http://localhost:3001')).statusCode).toBe(403);
    expect((await register('http://127.0.0.1:3000')).statusCode).toBe(200);
    const signedIn = await local.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: input.email, password: input.password },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers coded JSON errors, never a 500, to malformed requests', async () => {
    const user = await createUser(t);
    const cases = [
      { method: 'GET' as const, url: '/api/does-not-exist', status: 404, code: 'NOT_FOUND' },
      { method: 'PUT' as const, url: '/api/me/language', payload: '{oops', status: 400, code: 'BAD_REQUEST' },
      { method: 'PUT' as const, url: '/api/me/language', payload: 'language=fr', type: 'application/x-www-form-urlencoded', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      { method: 'PUT' as const, url: '/api/me/language', payload: JSON.stringify({ language: 'x'.repeat(2_000_000) }), status: 413, code: 'PAYLOAD_TOO_LARGE' },
      { method: 'PUT' as const, url: '/api/me/language', payload: JSON.stringify({ __proto__: { admin: true }, language: 'fr' }), status: 204 },
    ];
    for (const c of cases) {
      const response = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { cookie: user.cookie, 'content-type': c.type ?? 'application/json' },
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      expect(response.statusCode, `${c.method} ${c.url} ${String(c.payload).slice(0, 30)}`).toBe(c.status);
      if (c.code) expect(response.json()).toMatchObject({ error: { code: c.code } });
    }
  });
});

describe('sign-in throttling', () => {
  it('answers 429 per client after too many attempts, and a forged X-Forwarded-For does not reset it', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_AUTH_WINDOW_SECONDS: '60' });
    // A client of its own: on a PostgreSQL server every app of this file counts in the same table, as the
    // processes of one instance do, and the earlier tests signed in from the default address.
    const attempt = (headers: Record<string, string> = {}) =>
      limited.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '192.0.2.10', headers, payload: { email: 'x@example.test', password: 'wrong-password' } });

    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await attempt({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);

    // Another client is not affected, and reading the session is never throttled.
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '198.51.100.7',
      payload: { email: 'x@example.test', password: 'wrong-password' },
    });
    expect(other.statusCode).toBe(401);
    expect((await limited.app.inject({ method: 'GET', url: '/api/auth/get-session' })).statusCode).toBe(200);
  });

  it('throttles sign-up the same way', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await limited.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: '192.0.2.20', payload: {} });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
    // Another client's sign-in, through the default app, is unaffected.
    expect((await signIn(t, 'nobody@example.test', 'whatever-pass')).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('keep better-auth’s refusals of a client’s mistakes below error level', async () => {
    const google = await createTestApp({ GOOGLE_CLIENT_ID: 'id.apps.example', GOOGLE_CLIENT_SECRET: 'very-secret-value' });
    const user = await createUser(google);
    const mistakes: Array<{ method: 'GET' | 'POST'; url: string; payload?: object }> = [
      { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'wrong password!' } },
      { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@example.test', password: 'wrong password!' } },
      { method: 'POST', url: '/api/auth/sign-in/social', payload: { provider: 'nowhere' } },
      { method: 'GET', url: '/api/auth/callback/google?state=forged&code=forged' },
      { method: 'GET', url: '/api/auth/callback/nowhere?state=forged&code=forged' },
      { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'forged', newPassword: 'long enough password' } },
      { method: 'GET', url: '/api/auth/verify-email?token=forged' },
    ];
    const before = google.logs.length;
    for (const mistake of mistakes) {
      const response = await google.app.inject({ method: mistake.method, url: mistake.url, headers: { origin: TEST_ORIGIN }, ...(mistake.payload ? { payload: mistake.payload } : {}) });
      expect(response.statusCode, mistake.url).toBeLessThan(500);
    }
    const lines = google.logs.slice(before).map((line) => JSON.parse(line) as { level: number; msg?: string });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
    // What better-auth said is still there, at info level, with the answer's status.
    expect(lines.some((line) => line.level === 30 && /\[better-auth\]/.test(line.msg ?? ''))).toBe(true);
  });

  it('never contain passwords, cookies or reset tokens', async () => {
    const user = await createUser(t);
    await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/secret-token-value?callbackURL=/x' });
    const logs = t.logs.join('');
    expect(logs).toContain('/api/me');
    expect(logs).not.toContain(user.password);
    expect(logs).not.toContain(user.cookie.split('=')[1]!);
    expect(logs).not.toContain('secret-token-value');
  });
});
