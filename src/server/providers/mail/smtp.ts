import nodemailer from 'nodemailer';
import type { MailProvider } from './mail-provider';

export function createSmtpMailer(url: string, from: string): MailProvider {
  // Timeouts keep a dead mail server from holding a request open for minutes.
  // Query parameters of SMTP_URL (for example ?ignoreTLS=true) become transport options.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
