import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded message (headers and bodies), enough to find links and words in it. */
  body: string;
}

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const decodeSubject = (raw: string) =>
  raw.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  ).replace(/\s+/g, ' ');

/** A real SMTP server in the test process: the app's SMTP provider (nodemailer) delivers to it. */
export async function startMailbox() {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = chunks.join('');
        const subjectMatch = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw);
        // Parts may be quoted-printable or base64; decode both so tests can read links.
        const decoded = decodeQuotedPrintable(raw).replace(
          /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g,
          (_, b64: string) => Buffer.from(b64.replace(/\s/g, ''), 'base64').toString('utf8'),
        );
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeSubject(subjectMatch?.[1] ?? ''),
          body: Buffer.from(decoded, 'latin1').toString('utf8'),
        });
        waiters.forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const find = (to: string, subjectIncludes?: string) =>
    messages.find((m) => m.to.includes(to.toLowerCase()) && (!subjectIncludes || m.subject.includes(subjectIncludes)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to: string, options: { subjectIncludes?: string; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const found = find(to, options.subjectIncludes);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to} (${options.subjectIncludes ?? 'any subject'}) arrived`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** Every http(s) link in a message, in order, HTML entities decoded. */
export const linksIn = (mail: ReceivedMail) =>
  [...new Set([...mail.body.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0].replace(/&amp;/g, '&')))];
