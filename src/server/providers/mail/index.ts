import type { Database } from '../../db/client';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { MailProvider } from './mail-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { MailMessage, KeptMessage, OutboxReader, MailProvider } from './mail-provider';

export function createMailProvider(options: { smtpUrl: string | null; from: string; db: Database }): MailProvider {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(options.db);
}
