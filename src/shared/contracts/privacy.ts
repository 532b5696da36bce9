import { z } from 'zod';
import { LANGUAGES } from '../limits';

export const PRIVACY_POLICY_MAX = 100_000;

/**
 * GET /api/privacy-policy?language=en|fr — public. `content` is Markdown (the editor's text); `{email}` in it stands
 * for `contactEmail` (PRIVACY_EMAIL). `html` is that text drawn by the server (without raw HTML, every text escaped,
 * `{email}` a mailto link), what the page shows. `customised`: an administrator saved this text.
 */
export const privacyPolicyQuerySchema = z.object({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }).default('en') });
export const privacyPolicySchema = z.object({
  language: z.enum(LANGUAGES),
  content: z.string(),
  html: z.string(),
  contactEmail: z.string(),
  effectiveDate: z.string(),
  customised: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PrivacyPolicy = z.infer<typeof privacyPolicySchema>;

/**
 * PUT /api/admin/privacy-policy/{language} — administrators only; the text of one language. A text the server cannot
 * draw within its limits is refused: 422 PRIVACY_POLICY_TOO_COMPLEX, the reason under `content`.
 */
export const privacyPolicyUpdateSchema = z.strictObject({
  content: z
    .string({ error: 'validation.privacyPolicyRequired' })
    .refine((value) => value.trim().length > 0, 'validation.privacyPolicyRequired')
    .refine((value) => value.length <= PRIVACY_POLICY_MAX, 'validation.privacyPolicyTooLong'),
});
export type PrivacyPolicyUpdate = z.infer<typeof privacyPolicyUpdateSchema>;
