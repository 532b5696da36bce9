import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Language } from '@shared/limits';
import { profiles, users } from '@server/db/schema/index';
import type { TestApp } from '../support/app';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.test`;

export interface UserInput {
  email: string;
  password: string;
  firstName: string;
  defaultLanguage: Language;
}

export const buildUserInput = (overrides: Partial<UserInput> = {}): UserInput => ({
  email: uniqueEmail(),
  password: 'correct horse battery',
  firstName: 'Camille',
  defaultLanguage: 'en',
  ...overrides,
});

/** The session cookie (name=value) set by a response, or undefined. */
export const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'better-auth.session_token');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

export const signUp = (t: TestApp, input: UserInput) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email: input.email, password: input.password, name: input.firstName, defaultLanguage: input.defaultLanguage },
  });

export const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

/**
 * Registers an account through the API (optionally marks it verified) and signs it in. `admin` sets the
 * profile's flag either way (the first account of a fresh database is an administrator on its own).
 */
export async function createUser(t: TestApp, overrides: Partial<UserInput> & { verified?: boolean; admin?: boolean } = {}) {
  const { verified = true, admin, ...rest } = overrides;
  const input = buildUserInput(rest);
  const registered = await signUp(t, input);
  if (registered.statusCode !== 200) throw new Error(`sign-up failed: ${registered.statusCode} ${registered.body}`);
  const { user } = registered.json<{ user: { id: string } }>();
  if (verified) await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  if (admin !== undefined) await t.db.update(profiles).set({ isAdmin: admin }).where(eq(profiles.id, user.id));
  const signedIn = await signIn(t, input.email, input.password);
  const cookie = sessionCookieOf(signedIn);
  if (!cookie) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { ...input, id: user.id, cookie };
}
