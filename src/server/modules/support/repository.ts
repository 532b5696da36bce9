import { desc, eq } from 'drizzle-orm';
import type { TicketStatus } from '@shared/contracts/support';
import type { Database } from '../../db/client';
import { supportTickets, users } from '../../db/schema/index';

const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  subject: supportTickets.subject,
  message: supportTickets.message,
  status: supportTickets.status,
  createdAt: supportTickets.createdAt,
  adminResponse: supportTickets.adminResponse,
  adminResponseAt: supportTickets.adminResponseAt,
};

export function createSupportRepository(db: Database) {
  return {
    async insert(input: { userId: string; subject: string; message: string }) {
      const [row] = await db.insert(supportTickets).values(input).returning(ticketColumns);
      return row!;
    },

    /** The person's own tickets, newest first. */
    async listForUser(userId: string) {
      return db.select(ticketColumns).from(supportTickets).where(eq(supportTickets.userId, userId)).orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
    },

    /** Every ticket with its requester's e-mail address, newest first, optionally of one status. */
    async listAll(status: TicketStatus | null) {
      return db
        .select({ ...ticketColumns, email: users.email })
        .from(supportTickets)
        .leftJoin(users, eq(users.id, supportTickets.userId))
        .where(status ? eq(supportTickets.status, status) : undefined)
        .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
    },

    async findWithEmail(id: string) {
      const [row] = await db
        .select({ ...ticketColumns, email: users.email })
        .from(supportTickets)
        .leftJoin(users, eq(users.id, supportTickets.userId))
        .where(eq(supportTickets.id, id));
      return row ?? null;
    },

    /** Sets the response, its date and status answered; false when there is no such ticket. */
    async respond(id: string, response: string) {
      const rows = await db
        .update(supportTickets)
        .set({ adminResponse: response, adminResponseAt: new Date(), status: 'answered' })
        .where(eq(supportTickets.id, id))
        .returning({ id: supportTickets.id });
      return rows.length === 1;
    },

    async close(id: string) {
      const rows = await db
        .update(supportTickets)
        .set({ status: 'closed' })
        .where(eq(supportTickets.id, id))
        .returning({ id: supportTickets.id });
      return rows.length === 1;
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
