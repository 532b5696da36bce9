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

/** The first year the yearly report can be asked for (Souvenir counted no referral before). */
export const SAFETY_REPORT_FIRST_YEAR = 2020;

/**
 * GET /api/admin/safety/report?year=YYYY (JSON) and GET /api/admin/safety/report.csv?year=YYYY (a download) —
 * administrators only. The crisis referrals of one calendar year (UTC), per month, language and country: what a
 * yearly report to a regulator needs, and nothing that names a person or repeats a word they wrote.
 */
export const safetyReportQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'validation.yearInvalid' })
    .int('validation.yearInvalid')
    .min(SAFETY_REPORT_FIRST_YEAR, 'validation.yearInvalid')
    .max(9999, 'validation.yearInvalid'),
});
export type SafetyReportQuery = z.infer<typeof safetyReportQuerySchema>;

export const safetyReportResponseSchema = z.object({
  year: z.number().int(),
  total: z.number().int().min(0),
  /** The twelve months in order, each with its total and its counts per language and country (none when zero). */
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      total: z.number().int().min(0),
      counts: z.array(z.object({ language: z.enum(LANGUAGES), country: z.enum(SAFETY_COUNTRIES), count: z.number().int().min(1) })),
    }),
  ),
});
export type SafetyReport = z.infer<typeof safetyReportResponseSchema>;
