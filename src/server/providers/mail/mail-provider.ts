export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** A message the embedded provider kept, as stored. */
export interface KeptMessage extends MailMessage {
  id: string;
  createdAt: Date;
}

export interface OutboxReader {
  page(limit: number, offset: number): Promise<{ items: KeptMessage[]; total: number }>;
}

/** Sends e-mail. The embedded default keeps messages in the outbox table; SMTP is chosen by SMTP_URL. */
export interface MailProvider {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** The messages kept instead of sent, newest first: only the embedded provider keeps any. */
  readonly outbox?: OutboxReader;
  close(): Promise<void>;
}
