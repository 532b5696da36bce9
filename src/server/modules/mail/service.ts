import { OUTBOX_PAGE_SIZE, type OutboxPage, type TestEmailInput } from '@shared/contracts/admin';
import { AppError } from '../../app-error';
import { escapeHtml } from '../../html';
import type { MailProvider } from '../../providers/mail/index';

/** The administrators' mail tools: a test message through the configured provider, and the outbox viewer. */
export function createMailService(deps: { mail: MailProvider }) {
  const { mail } = deps;
  return {
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

    /** One page of the messages the embedded provider kept; with a real mail server nothing is kept. */
    async outbox(page: number): Promise<OutboxPage> {
      if (!mail.outbox) return { kept: false, items: [], total: 0, page, pageCount: 0 };
      const { items, total } = await mail.outbox.page(OUTBOX_PAGE_SIZE, (page - 1) * OUTBOX_PAGE_SIZE);
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
export type MailService = ReturnType<typeof createMailService>;
