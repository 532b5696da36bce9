import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { souvenirs } from './souvenirs';

/**
 * One row per `Idempotency-Key` of POST /api/generations: a retried request with the same key answers
 * the first one's result instead of making a second memory. Holds no words of the conversation, the
 * title or the reflection — only the outcome the person is shown (which message) and the memory's id.
 */
export const generations = pgTable(
  'generations',
  {
    idempotencyKey: uuid('idempotency_key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** running → done (the memory exists) or failed (nothing was made; the same key may try again). */
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    /** Set once done; null again if the person later deletes the memory. */
    memoryId: uuid('memory_id').references(() => souvenirs.id, { onDelete: 'set null' }),
    /** created | fallback-size | fallback-policy | fallback, once done. */
    outcome: text('outcome', { enum: ['created', 'fallback-size', 'fallback-policy', 'fallback'] }),
    /** A short, safe reason for a plain fallback (never provider text). */
    errorDetails: text('error_details'),
    textFallback: boolean('text_fallback').notNull().default(false),
    /** When the current attempt started (a failed key that is tried again starts anew). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generations_user_id_created_at_idx').on(t.userId, t.createdAt),
    check('generations_status_check', sql`${t.status} in ('running', 'done', 'failed')`),
    check(
      'generations_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('created', 'fallback-size', 'fallback-policy', 'fallback')`,
    ),
  ],
);
