import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { OUTBOX_PAGE_SIZE, type OutboxPage, type ReminderResult, type TestEmailInput } from '@shared/contracts/admin';
import type { Language } from '@shared/limits';
import { AppError } from '../../app-error';
import { escapeHtml } from '../../html';
import type { MailProvider } from '../../providers/mail/index';
import type { SettingsService } from '../settings/service';
import { reminderEmail } from './emails';
import type { RemindersRepository } from './repository';

type Recipient = NonNullable<Awaited<ReturnType<RemindersRepository['findByEmail']>>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The administrators' e-mail tools (the tester, bulk and single reminders) and the unsubscribe link. */
export function createRemindersService(deps: {
  reminders: RemindersRepository;
  settings: SettingsService;
  mail: MailProvider;
  publicUrl: string;
  /** Signs unsubscribe links (the server's secret), so a link only ever unsubscribes its own recipient. */
  secret: string;
}) {
  const { reminders, settings, mail } = deps;

  const signatureOf = (userId: string) => createHmac('sha256', deps.secret).update(`unsubscribe:${userId}`).digest('base64url');
  const unsubscribeUrlOf = (userId: string, origin: string) => `${origin}/unsubscribe?u=${encodeURIComponent(userId)}&t=${signatureOf(userId)}`;

  async function send(recipient: Recipient, origin: string): Promise<void> {
    const language: Language = recipient.defaultLanguage === 'fr' ? 'fr' : 'en';
    const template = await settings.reminderTemplate(language);
    await mail.send(
      reminderEmail({ language, to: recipient.email, firstName: recipient.firstName, subject: template.subject, body: template.body, unsubscribeUrl: unsubscribeUrlOf(recipient.id, origin) }),
    );
    await reminders.markReminded(recipient.id);
  }

  /** Everyone inactive for more than `days` days, one by one; a failure is counted and the run goes on. */
  async function remindInactive(days: number, log: FastifyBaseLogger, origin = deps.publicUrl, now = new Date()): Promise<ReminderResult> {
    const cutoff = utcDay(new Date(now.getTime() - days * DAY_MS));
    const candidates = await reminders.listInactive(cutoff, new Date(now.getTime() - days * DAY_MS));
    let sent = 0;
    let failed = 0;
    for (const recipient of candidates) {
      try {
        await send(recipient, origin);
        sent++;
      } catch (error) {
        failed++;
        log.warn({ err: error, userId: recipient.id }, 'reminder could not be sent');
      }
    }
    log.info({ days, candidates: candidates.length, sent, failed }, 'reminders sent');
    return { candidates: candidates.length, sent, failed };
  }

  return {
    remindInactive,

    async remindOne(email: string, origin: string = deps.publicUrl): Promise<ReminderResult> {
      const recipient = await reminders.findByEmail(email);
      if (!recipient) throw new AppError('USER_NOT_FOUND', 'User not found with this email address');
      if (recipient.remindersOptOut) throw new AppError('REMINDERS_OPTED_OUT', 'This person unsubscribed from reminders.');
      try {
        await send(recipient, origin);
      } catch {
        throw new AppError('MAIL_SEND_FAILED', 'Failed to send reminder email');
      }
      return { candidates: 1, sent: 1, failed: 0 };
    },

    /** The scheduled daily run: does nothing unless it is on and today's run is not claimed yet. */
    async runScheduled(log: FastifyBaseLogger, now = new Date()): Promise<ReminderResult | null> {
      const days = await settings.claimScheduledRun(utcDay(now));
      return days === null ? null : remindInactive(days, log, deps.publicUrl, now);
    },

    /** From the link in a reminder: a forged or altered link is refused and changes nothing. */
    async unsubscribe(userId: string, signature: string): Promise<void> {
      const expected = Buffer.from(signatureOf(userId));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid.');
      // An erased account has nothing left to unsubscribe: that is a success for the person.
      await reminders.optOut(userId);
    },

    /** The administrator's test message (to, subject, HTML), through whichever mail provider is configured. */
    async sendTest(input: Required<TestEmailInput>): Promise<void> {
      const subject = input.subject || 'Souvenir test e-mail';
      const html = input.html || `<p>${escapeHtml('This is a test e-mail from Souvenir.')}</p>`;
      try {
        await mail.send({ to: input.to, subject, html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() });
      } catch {
        throw new AppError('MAIL_SEND_FAILED', 'Failed to send email');
      }
    },

    async outbox(page: number): Promise<OutboxPage> {
      if (mail.name !== 'outbox') return { kept: false, items: [], total: 0, page, pageCount: 0 };
      const { items, total } = await reminders.outboxPage(OUTBOX_PAGE_SIZE, (page - 1) * OUTBOX_PAGE_SIZE);
      return {
        kept: true,
        items: items.map((m) => ({ id: m.id, to: m.to, subject: m.subject, html: m.html, text: m.text, createdAt: m.createdAt.toISOString() })),
        total,
        page,
        pageCount: Math.ceil(total / OUTBOX_PAGE_SIZE),
      };
    },
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
