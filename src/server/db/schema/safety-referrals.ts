import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Crisis referrals, counted and never recorded: one counter per UTC day, interface language and helpline
// country. No person, conversation or text is attached to a count (docs/safety.md).
export const safetyReferrals = pgTable(
  'safety_referrals',
  {
    day: date('day').notNull(),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.language, t.country] }), check('safety_referrals_count_check', sql`${t.count} >= 0`)],
);
