import type { Database } from '../../db/client';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends e-mail. The embedded default keeps messages in the outbox table; SMTP is chosen by SMTP_URL. */
export interface MailProvider {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailProvider(options: { smtpUrl: string | null; from: string; db: Database }): MailProvider {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(options.db);
}
