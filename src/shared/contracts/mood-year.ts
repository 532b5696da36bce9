import { z } from 'zod';
import { GALLERY_YEAR_MIN } from '../limits';
import { ianaTimeZoneSchema } from './memories';

/** The moods a memory may carry (read from its own words when it is made); older memories have none. */
export const MOODS = ['joyful', 'calm', 'tender', 'hopeful', 'melancholy', 'anxious', 'angry', 'tired'] as const;
export type Mood = (typeof MOODS)[number];

/** GET /api/memories/year?year=2026&tz=Europe/Paris — the year's days, read in the person's time zone. */
export const moodYearQuerySchema = z.object({
  year: z.coerce.number({ error: 'validation.yearInvalid' }).int('validation.yearInvalid').min(GALLERY_YEAR_MIN, 'validation.yearInvalid').max(9999, 'validation.yearInvalid'),
  tz: ianaTimeZoneSchema.default('UTC'),
});
export type MoodYearQuery = z.infer<typeof moodYearQuerySchema>;

/**
 * One mark per day that has a memory (the latest of the day), oldest first: only what the year view
 * shows — never the reflection, the picture or anything of the conversation. At most 366 entries.
 */
export const moodYearSchema = z.object({
  year: z.number().int(),
  days: z.array(
    z.object({
      /** The local calendar day, YYYY-MM-DD. */
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      id: z.uuid(),
      title: z.string(),
      /** Null: no mood recorded (memories made before moods were kept). */
      mood: z.enum(MOODS).nullable(),
    }),
  ),
});
export type MoodYear = z.infer<typeof moodYearSchema>;
