import { z } from 'zod';
import { LANGUAGES } from '../limits';
import { ianaTimeZoneSchema, monthSchema, yearSchema } from './memories';

/**
 * GET /api/memories/book?year=2026&month=3&tz=Europe/Paris&lang=fr — the person's memories of one year, or one
 * month of it, read in their time zone, as a PDF book streamed while it is made: a cover, then one page per memory,
 * oldest first. `lang` is the interface's language (the profile's when absent).
 */
export const bookQuerySchema = z.object({
  year: yearSchema,
  month: monthSchema.optional(),
  tz: ianaTimeZoneSchema.default('UTC'),
  lang: z.enum(LANGUAGES, { error: 'validation.languageRequired' }).optional(),
});
export type BookQuery = z.infer<typeof bookQuerySchema>;

/** The response header that says how many pages the book will have (its cover and one per memory): the progress's total. */
export const BOOK_PAGES_HEADER = 'x-book-pages';

/**
 * The most memories one book holds. A year of one memory a day is far below it; a gallery made with a higher daily
 * limit is asked to choose a month instead (BOOK_TOO_LARGE).
 */
export const BOOK_MAX_MEMORIES = 1000;
