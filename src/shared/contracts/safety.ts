import { z } from 'zod';
import { LANGUAGES } from '../limits';
import { SAFETY_COUNTRIES } from '../safety';

/** How many days of referral counts the admin Global tab shows. */
export const SAFETY_REFERRAL_DAYS = 30;

/**
 * GET /api/admin/safety — administrators only. The locked safety instructions that every AI provider
 * receives after the chat prompt (read-only: no setting changes them), and the crisis referrals counted
 * per UTC day, language and country over the last 30 days: counts only, with no text and no person.
 */
export const adminSafetyResponseSchema = z.object({
  instructions: z.object({ en: z.string(), fr: z.string() }),
  referrals: z.array(
    z.object({
      day: z.iso.date(),
      language: z.enum(LANGUAGES),
      country: z.enum(SAFETY_COUNTRIES),
      count: z.number().int().min(1),
    }),
  ),
});
export type AdminSafetyResponse = z.infer<typeof adminSafetyResponseSchema>;
