import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The embedded mail provider: messages are kept here for administrators to read instead of being sent.
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);
