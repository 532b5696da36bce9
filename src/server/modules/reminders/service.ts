import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ReminderResult } from '@shared/contracts/admin';
import type { Language } from '@shared/limits';
import { AppError } from '../../app-error';
import type { MailProvider } from '../../providers/mail/index';
import type { SettingsService } from '../settings/service';
import { reminderEmail } from './emails';
import type { RemindersRepository } from './repository';

type Recipient = NonNullable<Awaited<ReturnType<RemindersRepository['findByEmail']>>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Reminder e-mails to inactive people (by an administrator, or the daily schedule) and their unsubscribe link. */
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
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
