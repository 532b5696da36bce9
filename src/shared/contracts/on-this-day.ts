import { z } from 'zod';
import { ianaTimeZoneSchema, memorySummarySchema } from './memories';

/** GET /api/memories/on-this-day?tz=Europe/Paris — "today" is the person's own date in that zone (UTC if none). */
export const onThisDayQuerySchema = z.object({ tz: ianaTimeZoneSchema.default('UTC') });

/**
 * The home's "On This Day": one memory from this date a year (or more) or a month ago, or none — none
 * when the person turned it off, when no such memory exists, and never a crisis day's memory.
 */
export const onThisDaySchema = z.object({
  enabled: z.boolean(),
  memory: memorySummarySchema
    .extend({
      /** How long ago, in the words the home uses: "a year ago today", "3 years ago today", "a month ago today". */
      ago: z.object({ unit: z.enum(['year', 'month']), count: z.number().int().positive() }),
    })
    .nullable(),
});
export type OnThisDay = z.infer<typeof onThisDaySchema>;

/** PUT /api/memories/on-this-day — the profile's switch. Answers 204. */
export const onThisDaySettingsSchema = z.strictObject({ enabled: z.boolean({ error: 'validation.likedInvalid' }) });
export type OnThisDaySettings = z.infer<typeof onThisDaySettingsSchema>;
