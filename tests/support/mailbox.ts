// An in-process SMTP server that keeps every message the app sends, so tests can read e-mails and follow their links.
// `behave` makes it fail as real mail servers do: 'reject' refuses every recipient (550), 'fail' takes the message
// and answers a temporary failure (451), 'hang' takes the message and never answers; 'ok' (the default) keeps it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MailMessage {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  receivedAt: Date;
}

export type MailboxBehaviour = 'ok' | 'reject' | 'fail' | 'hang';

export interface Mailbox {
  port: number;
  messages: MailMessage[];
  /** How the server answers from now on. */
  behave(next: MailboxBehaviour): void;
  waitForMessage(to: string, opts?: { subjectIncludes?: string; timeoutMs?: number }): Promise<MailMessage>;
  stop(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: MailMessage[] = [];
  const waiters = new Set<() => void>();
  let behaviour: MailboxBehaviour = 'ok';
  const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Connections left hanging on purpose must not hold stop() for the default 30 s.
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      if (behaviour === 'reject') callback(smtpError(550, 'Mailbox unavailable (stand-in refusal on purpose)'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (behaviour === 'hang') return;
        if (behaviour === 'fail') return callback(smtpError(451, 'Temporary local problem (stand-in failure on purpose)'));
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          messages.push({ ...parseMessage(raw), to, raw, receivedAt: new Date() });
          waiters.forEach((wake) => wake());
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    behave(next) {
      behaviour = next;
    },
    async waitForMessage(to, { subjectIncludes, timeoutMs = 15_000 } = {}) {
      const wanted = to.toLowerCase();
      const find = () =>
        messages.find(
          (m) =>
            m.to.includes(wanted) &&
            (subjectIncludes === undefined || m.subject.toLowerCase().includes(subjectIncludes.toLowerCase())),
        );
      const found = find();
      if (found) return found;
      return new Promise<MailMessage>((resolve, reject) => {
        const wake = () => {
          const m = find();
          if (m) done(() => resolve(m));
        };
        const timer = setTimeout(
          () =>
            done(() =>
              reject(
                new Error(
                  `No e-mail to ${to}${subjectIncludes ? ` with a subject containing "${subjectIncludes}"` : ''} ` +
                    `within ${timeoutMs} ms. Received: ${JSON.stringify(messages.map((m) => ({ to: m.to, subject: m.subject })))}`,
                ),
              ),
            ),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(wake);
          settle();
        };
        waiters.add(wake);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every http(s) link of a message: the href attributes of its HTML part, then the URLs of its text part. */
export function extractLinks(message: Pick<MailMessage, 'html' | 'text'>): string[] {
  const links: string[] = [];
  for (const match of message.html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) links.push(decodeHtmlEntities(match[1]!));
  for (const match of message.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) links.push(match[0]);
  return [...new Set(links.filter((l) => /^https?:\/\//i.test(l)))];
}

// --- a small MIME reader: enough for what nodemailer sends (multipart, quoted-printable, base64, encoded words) ---

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parseMessage(raw: string): Pick<MailMessage, 'from' | 'subject' | 'text' | 'html'> {
  const top = splitPart(raw);
  const result = { text: '', html: '' };
  collectBodies(top, result);
  return {
    from: decodeEncodedWords(top.headers.get('from') ?? ''),
    subject: decodeEncodedWords(top.headers.get('subject') ?? ''),
    ...result,
  };
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectBodies(part: Part, out: { text: string; html: string }) {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\n/, '')), out);
    }
    return;
  }
  const charset = /charset="?([^";]+)"?/i.exec(contentType)?.[1] ?? 'utf-8';
  const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit', charset);
  if (mediaType === 'text/html' && !out.html) out.html = decoded;
  else if (mediaType === 'text/plain' && !out.text) out.text = decoded;
}

function decodeBody(body: string, transferEncoding: string, charset: string): string {
  const encoding = transferEncoding.trim().toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body, charset);
  if (encoding === 'base64') return new TextDecoder(charset).decode(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
  return body;
}

function decodeQuotedPrintable(input: string, charset = 'utf-8'): string {
  // Soft line breaks ("=" at the end of a line) join lines; "=XX" is one byte.
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return new TextDecoder(charset).decode(Uint8Array.from(bytes));
}

/** RFC 2047 "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words, as nodemailer writes non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? new TextDecoder(charset).decode(Buffer.from(text, 'base64'))
        : decodeQuotedPrintable(text.replace(/_/g, ' '), charset),
    );
}

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&#x3D;|&#61;/gi, '=')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
