import { z } from 'zod';
import { EMAIL_MAX, FIRST_NAME_MAX, FIRST_NAME_MIN, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN } from '../limits';

// Messages are translation keys (namespace "validation"); the web app and the server share them.
export const languageSchema = z.enum(LANGUAGES, { error: 'validation.languageRequired' });

const email = z.string().trim().toLowerCase().max(EMAIL_MAX, 'validation.emailTooLong').email('validation.emailInvalid');

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'validation.signInRequired').pipe(email),
  password: z.string().min(1, 'validation.signInRequired').max(PASSWORD_MAX, 'validation.passwordTooLong'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, 'validation.passwordTooShort')
  .max(PASSWORD_MAX, 'validation.passwordTooLong');

export const firstNameSchema = z
  .string()
  .trim()
  .min(FIRST_NAME_MIN, 'validation.firstNameTooShort')
  .max(FIRST_NAME_MAX, 'validation.firstNameTooLong');

export const registerSchema = z.object({
  email: z.string().trim().min(1, 'validation.registerRequired').pipe(email),
  password: z.string().min(1, 'validation.registerRequired').pipe(passwordSchema),
  firstName: z.string().trim().min(1, 'validation.registerRequired').pipe(firstNameSchema),
  defaultLanguage: languageSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsDontMatch' });
