import { describe, expect, it } from 'vitest';
import { registerSchema, resetPasswordSchema, signInSchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth validation rules (sign-in, sign-up and a new password)', () => {
  it('asks for both e-mail and password to sign in', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'validation.signInRequired',
      password: 'validation.signInRequired',
    });
    expect(signInSchema.safeParse({ email: ' Ana@Example.com ', password: 'x' }).data?.email).toBe('ana@example.com');
  });

  it('asks for every register field, a real address, a long enough password and a first name of 2+ letters', () => {
    expect(messages(registerSchema.safeParse({ email: '', password: '', firstName: '', defaultLanguage: 'en' }))).toEqual({
      email: 'validation.registerRequired',
      password: 'validation.registerRequired',
      firstName: 'validation.registerRequired',
    });
    expect(messages(registerSchema.safeParse({ email: 'nope', password: 'short', firstName: ' A ', defaultLanguage: 'de' }))).toEqual({
      email: 'validation.emailInvalid',
      password: 'validation.passwordTooShort',
      firstName: 'validation.firstNameTooShort',
      defaultLanguage: 'validation.languageRequired',
    });
    expect(registerSchema.safeParse({ email: 'a@b.co', password: '12345678', firstName: ' Lou ', defaultLanguage: 'fr' }).data).toEqual({
      email: 'a@b.co',
      password: '12345678',
      firstName: 'Lou',
      defaultLanguage: 'fr',
    });
  });

  it('wants the confirmation to match the new password', () => {
    expect(messages(resetPasswordSchema.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgX' }))).toEqual({
      confirmPassword: 'validation.passwordsDontMatch',
    });
  });
});
