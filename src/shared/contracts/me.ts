import { z } from 'zod';
import { FIRST_NAME_MAX, FIRST_NAME_MIN, GENDERS, LANGUAGES } from '../limits';
import { SAFETY_COUNTRIES } from '../safety';

/** GET /api/me — the signed-in person, their profile and what the interface needs to know about them. */
export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  avatarUrl: z.string().nullable(),
  defaultLanguage: z.enum(LANGUAGES),
  gender: z.enum(GENDERS).nullable(),
  isAdmin: z.boolean(),
  sessionCount: z.number().int(),
  /** The country whose helplines the chat's help panel shows; null until the person chooses one (the browser's guess is used). */
  country: z.enum(SAFETY_COUNTRIES).nullable(),
  /** Present only when the caller is an administrator: the medical note is confidential. */
  medicalDiagnosis: z.string().nullable().optional(),
  /**
   * Present (true) only for an address listed in ADMIN_EMAILS that is not administrator yet, on an instance
   * without e-mail: the profile offers to enter the setup code printed in the server's log.
   */
  adminSetupCode: z.literal(true).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), image: z.string().nullable() }),
  profile: profileSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT /api/me/language — the header's language switcher persists the choice for signed-in people. */
export const updateLanguageSchema = z.strictObject({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }) });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;

/** PUT /api/me/country — the help panel's country choice; null goes back to the browser's guess. Answers 204. */
export const updateCountrySchema = z.strictObject({
  country: z.enum(SAFETY_COUNTRIES, { error: 'validation.countryInvalid' }).nullable(),
});
export type UpdateCountryInput = z.infer<typeof updateCountrySchema>;

/**
 * POST /api/me/welcome-back — the welcome-back modal, shown when the session count is exactly 2
 * (docs/decisions/0010-home-main-button-and-welcome-back.md).
 * Save sends the language and optionally a gender ("unspecified" is stored as none); Skip sends {}.
 * Both count the session (session_count + 1). Answers 204.
 */
export const welcomeBackSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }).optional(),
  gender: z.enum(GENDERS, { error: 'validation.genderInvalid' }).optional(),
});
export type WelcomeBackInput = z.infer<typeof welcomeBackSchema>;

export const MEDICAL_NOTE_MAX = 5000;

/**
 * PUT /api/me/profile — the profile form: first name of at least 2 characters once
 * trimmed, language, gender ("unspecified" is stored as none). `medicalDiagnosis` is the confidential note
 * only administrators see and edit (empty → none); anyone else sending it is refused with 403 and nothing
 * changes. Answers the same body as GET /api/me.
 */
export const profileUpdateSchema = z.strictObject({
  firstName: z
    .string({ error: 'validation.firstNameTooShort' })
    .trim()
    .min(FIRST_NAME_MIN, 'validation.firstNameTooShort')
    .max(FIRST_NAME_MAX, 'validation.firstNameTooLong'),
  defaultLanguage: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
  gender: z.enum(GENDERS, { error: 'validation.genderInvalid' }),
  medicalDiagnosis: z.string({ error: 'validation.medicalNoteTooLong' }).trim().max(MEDICAL_NOTE_MAX, 'validation.medicalNoteTooLong').nullable().optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/**
 * POST /api/me/avatar — multipart/form-data with the image in the `avatar` field: at most 2 MB, a real
 * JPEG, PNG, WebP, GIF or AVIF (read from its content, not its name or declared type). Stored as a
 * 512×512 WebP without any metadata (EXIF, GPS). Answers the new address; DELETE /api/me/avatar removes it (204).
 * Refusals: 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 400 without a file.
 */
export const AVATAR_FIELD = 'avatar';
export const avatarResponseSchema = z.object({ avatarUrl: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/**
 * DELETE /api/me — closes the account for good: profile, memories and their images, avatar, tickets,
 * sessions and e-mails kept in the outbox are erased. The body must say so: { confirm: true }. 204.
 */
export const accountDeletionSchema = z.strictObject({ confirm: z.literal(true, { error: 'validation.deletionNotConfirmed' }) });
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

/** GET /api/me/export — a ZIP (docs/data-export.md): `souvenir-export.json` and `images/<memory id>.<ext>`. */
export const EXPORT_FORMAT_VERSION = 1;

/** POST /api/me/admin-setup — the setup code printed in the server's log; answers 204. */
export const adminSetupSchema = z.strictObject({
  code: z.string({ error: 'validation.setupCodeRequired' }).trim().min(1, 'validation.setupCodeRequired').max(64, 'validation.setupCodeInvalid'),
});
export type AdminSetupInput = z.infer<typeof adminSetupSchema>;
