import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import type { MailProvider } from './mail-provider';

/**
 * The embedded mail provider: messages are kept in the outbox table instead of being sent, and read
 * back by the administrators' outbox viewer. This provider is the table's only reader and writer, apart
 * from account erasure, which deletes a person's messages in the same transaction as the account.
 */
export function createOutboxMailer(db: Database): MailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values(message);
    },
    outbox: {
      async page(limit, offset) {
        const items = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit).offset(offset);
        const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(outboxMessages);
        return { items, total: counted?.total ?? 0 };
      },
    },
    async close() {},
  };
}
