import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Conversations kept across devices, end-to-end encrypted (docs/keeping.md). The browser encrypts; these
 * tables hold only what it sends: the person's data key wrapped by their passphrase and by their recovery
 * key (never the key itself), and each conversation as AES-GCM ciphertext. Nothing here opens a
 * conversation without a secret the server never receives.
 */
export const keepingKeys = pgTable('keeping_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The key envelope as the browser made it (contract: keyEnvelopeSchema). */
  envelope: jsonb('envelope').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const keptConversations = pgTable(
  'kept_conversations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's random id of the conversation (memories name it too). */
    conversationId: text('conversation_id').notNull(),
    /** Format version of the envelope. */
    version: integer('version').notNull(),
    /** AES-GCM nonce, base64url. */
    iv: text('iv').notNull(),
    /** Ciphertext with its tag, base64url. */
    ciphertext: text('ciphertext').notNull(),
    /** Decoded length of the ciphertext: the person's total is the sum of these. */
    bytes: integer('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    index('kept_conversations_user_id_updated_at_idx').on(t.userId, t.updatedAt),
    check('kept_conversations_bytes_check', sql`${t.bytes} > 0`),
  ],
);
