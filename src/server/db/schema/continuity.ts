import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A few facts the person asked the companion to remember ("my cat is called Miso"), written by them in
 * their profile. Sent to the companion only while they consent (profiles.continuity_facts_enabled).
 */
export const continuityFacts = pgTable(
  'continuity_facts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('continuity_facts_user_id_created_at_idx').on(t.userId, t.createdAt)],
);
