import { z } from 'zod';
import { GENDERS, LANGUAGES } from '../limits';

/** GET /api/me — the signed-in person, their profile and what the interface needs to know about them. */
export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  avatarUrl: z.string().nullable(),
  defaultLanguage: z.enum(LANGUAGES),
  gender: z.enum(GENDERS).nullable(),
  isAdmin: z.boolean(),
  sessionCount: z.number().int(),
  /** Present only when the caller is an administrator (spec §3: confidential, admin-only). */
  medicalDiagnosis: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), image: z.string().nullable() }),
  profile: profileSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT /api/me/language — the header's language switcher persists the choice for signed-in people. */
export const updateLanguageSchema = z.object({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }) });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;

/**
 * POST /api/me/welcome-back — the welcome-back modal (spec §2 Home: session count exactly 2).
 * Save sends the language and optionally a gender ("unspecified" is stored as none); Skip sends {}.
 * Both count the session (session_count + 1). Answers 204.
 */
export const welcomeBackSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }).optional(),
  gender: z.enum(GENDERS, { error: 'validation.genderInvalid' }).optional(),
});
export type WelcomeBackInput = z.infer<typeof welcomeBackSchema>;
