import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '@server/db/schema/index';
import { buildUserInput, createUser, sessionCookieOf, signIn, signUp } from './factories/user';
import { createTestApp } from './support/app';

const t = await createTestApp();

const me = async (cookie: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().profile as { sessionCount: number; defaultLanguage: string; gender: string | null };
};
const profileOf = async (id: string) => (await t.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const welcomeBack = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/welcome-back',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

describe('session count (docs/decisions/0008)', () => {
  it('counts one session per sign-in: registering is 0, the first sign-in 1, the second 2', async () => {
    const input = buildUserInput();
    const registered = await signUp(t, input);
    expect(registered.statusCode).toBe(200);
    const { user } = registered.json<{ user: { id: string } }>();
    expect((await profileOf(user.id)).sessionCount).toBe(0);

    const first = sessionCookieOf(await signIn(t, input.email, input.password))!;
    expect((await me(first)).sessionCount).toBe(1);
    // Reading the session is not signing in.
    await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: first } });
    expect((await me(first)).sessionCount).toBe(1);

    const second = sessionCookieOf(await signIn(t, input.email, input.password))!;
    // Exactly 2: the web app shows the welcome-back modal.
    expect((await me(second)).sessionCount).toBe(2);
  });

  it('does not count a refused sign-in', async () => {
    const user = await createUser(t);
    const wrong = await signIn(t, user.email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect((await me(user.cookie)).sessionCount).toBe(1);
  });

  it('does not count the new session a password change makes', async () => {
    const user = await createUser(t);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'another horse battery', revokeOtherSessions: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const cookie = sessionCookieOf(changed)!;
    expect(cookie).toBeDefined();
    expect((await me(cookie)).sessionCount).toBe(1);
  });

  it('never fails a sign-in because the session could not be counted', async () => {
    const user = await createUser(t);
    await t.db.delete(profiles).where(eq(profiles.id, user.id));
    const again = await signIn(t, user.email, user.password);
    expect(again.statusCode).toBe(200);
    expect(t.logs.join('')).toContain('session not counted');
  });
});

describe('POST /api/me/welcome-back', () => {
  it('saves the language and gender and counts the session, in one go', async () => {
    const user = await createUser(t);
    const response = await welcomeBack(user.cookie, { language: 'fr', gender: 'female' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await me(user.cookie)).toMatchObject({ sessionCount: 2, defaultLanguage: 'fr', gender: 'female' });

    // Only what is sent changes; "unspecified" is stored as no gender.
    expect((await welcomeBack(user.cookie, { language: 'en' })).statusCode).toBe(204);
    expect(await me(user.cookie)).toMatchObject({ sessionCount: 3, defaultLanguage: 'en', gender: 'female' });
    expect((await welcomeBack(user.cookie, { language: 'en', gender: 'unspecified' })).statusCode).toBe(204);
    expect(await me(user.cookie)).toMatchObject({ sessionCount: 4, gender: null });
    expect((await profileOf(user.id)).gender).toBeNull();
  });

  it('counts the session when skipped, changing nothing else', async () => {
    const user = await createUser(t, { defaultLanguage: 'fr' });
    await t.db.update(profiles).set({ gender: 'other' }).where(eq(profiles.id, user.id));
    expect((await welcomeBack(user.cookie, {})).statusCode).toBe(204);
    expect(await me(user.cookie)).toMatchObject({ sessionCount: 2, defaultLanguage: 'fr', gender: 'other' });
  });

  it('refuses bad values with coded fields and counts nothing', async () => {
    const user = await createUser(t);
    const cases: [string, unknown, Record<string, string[]> | null][] = [
      ['unknown language', { language: 'de' }, { language: ['validation.languageRequired'] }],
      ['unknown gender', { language: 'en', gender: 'robot' }, { gender: ['validation.genderInvalid'] }],
      ['gender as a number', { gender: 3 }, { gender: ['validation.genderInvalid'] }],
      ['unknown field', { language: 'en', sessionCount: 99 }, null],
      ['not an object', ['en'], null],
    ];
    for (const [name, payload, fields] of cases) {
      const response = await welcomeBack(user.cookie, payload);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.code, name).toBe('VALIDATION_FAILED');
      if (fields) expect(response.json().error.fields, name).toEqual(fields);
    }
    expect(await me(user.cookie)).toMatchObject({ sessionCount: 1, defaultLanguage: 'en', gender: null });
  });

  it('refuses signed-out visitors before looking at the body', async () => {
    for (const payload of [{}, { language: 'de' }]) {
      const response = await welcomeBack(undefined, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  });
});
