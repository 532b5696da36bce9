import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema/index';
import type { MailProvider } from './index';

export function createOutboxMailer(db: Database): MailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(outboxMessages).values(message);
    },
    async close() {},
  };
}
