import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

// "Days journaled" (counted on the home page): one row per person and UTC day on which a memory was made.
// The generation feature records a day; the chat reads the count for the access rule.
export const journalDays = pgTable(
  'journal_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
