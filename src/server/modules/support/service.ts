import type { FastifyBaseLogger } from 'fastify';
import type { AdminTicket, AdminTicketList, Ticket, TicketCreateInput, TicketList, TicketResponseResult, TicketStatus } from '@shared/contracts/support';
import { isUuid } from '@shared/contracts/id-params';
import { AppError } from '../../app-error';
import type { MailProvider } from '../../providers/mail/index';
import type { ProfileService } from '../profile/service';
import type { SupportRepository } from './repository';
import { ticketAnsweredEmail } from './emails';

type TicketRow = Awaited<ReturnType<SupportRepository['listForUser']>>[number];
type AdminTicketRow = Awaited<ReturnType<SupportRepository['listAll']>>[number];

const ticketNotFound = () => new AppError('NOT_FOUND', 'No such ticket.');

const toTicket = (row: TicketRow): Ticket => ({
  id: row.id,
  subject: row.subject,
  message: row.message,
  status: row.status as TicketStatus,
  createdAt: row.createdAt.toISOString(),
  adminResponse: row.adminResponse,
  adminResponseAt: row.adminResponseAt?.toISOString() ?? null,
});
const toAdminTicket = (row: AdminTicketRow): AdminTicket => ({ ...toTicket(row), email: row.email });

export function createSupportService(deps: { tickets: SupportRepository; profiles: ProfileService; mail: MailProvider }) {
  const { tickets } = deps;

  async function adminTicket(id: string): Promise<AdminTicket> {
    const row = await tickets.findWithEmail(id);
    if (!row) throw ticketNotFound();
    return toAdminTicket(row);
  }

  return {
    async create(userId: string, input: TicketCreateInput): Promise<Ticket> {
      return toTicket(await tickets.insert({ userId, ...input }));
    },

    /** A person only ever reads their own tickets (docs/decisions/0024-support-privacy-community.md). */
    async listOwn(userId: string): Promise<TicketList> {
      return { items: (await tickets.listForUser(userId)).map(toTicket) };
    },

    async listAll(status: TicketStatus | 'all'): Promise<AdminTicketList> {
      return { items: (await tickets.listAll(status === 'all' ? null : status)).map(toAdminTicket) };
    },

    /**
     * Saves the answer (status answered), then e-mails the requester in their language. The answer stands
     * even when the e-mail fails: the person also reads it on their Support page; `notified` says which.
     */
    async respond(id: string, response: string, ctx: { log: FastifyBaseLogger; origin: string }): Promise<TicketResponseResult> {
      if (!isUuid(id)) throw ticketNotFound();
      if (!(await tickets.respond(id, response))) throw ticketNotFound();
      const row = await tickets.findWithEmail(id);
      if (!row) throw ticketNotFound();
      const ticket = toAdminTicket(row);
      if (!ticket.email) return { ticket, notified: false };
      try {
        const profile = await deps.profiles.getProfile(row.userId);
        await deps.mail.send(
          ticketAnsweredEmail({
            language: profile.defaultLanguage === 'fr' ? 'fr' : 'en',
            to: ticket.email,
            firstName: profile.firstName,
            subject: ticket.subject,
            response,
            supportUrl: `${ctx.origin}/home/support`,
          }),
        );
        return { ticket, notified: true };
      } catch (error) {
        ctx.log.error({ err: error, ticketId: id }, 'ticket answered, but its e-mail could not be sent');
        return { ticket, notified: false };
      }
    },

    async close(id: string): Promise<AdminTicket> {
      if (!isUuid(id)) throw ticketNotFound();
      if (!(await tickets.close(id))) throw ticketNotFound();
      return adminTicket(id);
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
