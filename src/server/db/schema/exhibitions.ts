import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A month's exhibition: the person's artworks of that month as a wall, with a letter from the companion written
 * from the month's titles, reflections and moods (never from a conversation). One per person and month: the unique
 * key is what makes it once, however many requests ask at the same moment. Its artworks are not copied: the wall is
 * the person's memories of the month, read in the zone it was made in, so a deleted memory leaves it.
 */
export const exhibitions = pgTable(
  'exhibitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The calendar month shown, `YYYY-MM`, in `timeZone`. */
    month: text('month').notNull(),
    /** The IANA zone the month was read in when it was made. */
    timeZone: text('time_zone').notNull(),
    title: text('title').notNull(),
    letter: text('letter').notNull(),
    /** `ai`: the chosen memory-writing provider wrote the letter; `offline`: Souvenir's own writer did. */
    letterBy: text('letter_by').notNull(),
    /** `en` or `fr`: the language of the letter and of the first title. */
    language: text('language').notNull(),
    /** Set when the person kept it in their gallery. */
    keptAt: timestamp('kept_at', { withTimezone: true }),
    /** Set: public at /shared/exhibition/<token> (32 random bytes as hex); null: private. */
    shareToken: text('share_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('exhibitions_user_id_month_key').on(t.userId, t.month),
    check('exhibitions_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('exhibitions_letter_by_check', sql`${t.letterBy} in ('ai', 'offline')`),
    check('exhibitions_language_check', sql`${t.language} in ('en', 'fr')`),
    check('exhibitions_share_token_check', sql`${t.shareToken} is null or ${t.shareToken} ~ '^[0-9a-f]{64}$'`),
  ],
);
