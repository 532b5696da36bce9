import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// When the chat last told a person who they are talking to, and when they last wrote: two dates, never a word
// of the conversation. The chat repeats its disclosure after a long absence and during a long conversation.
export const chatDisclosures = pgTable('chat_disclosures', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The last reply the person asked for. */
  lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull(),
  /** The last time the chat said who answers (a conversation's start counts: its header says it). */
  disclosedAt: timestamp('disclosed_at', { withTimezone: true }).notNull(),
});
