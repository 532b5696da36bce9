import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, SUPPORT_SUBJECT_MAX, SUPPORT_SUBJECT_MIN } from '../limits';

/** A support ticket's status: open → answered → closed (an answered or closed ticket can still be answered). */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** POST /api/support/tickets — subject ≥ 5 and message ≥ 20 characters, once trimmed. */
export const ticketCreateSchema = z.strictObject({
  subject: z
    .string({ error: 'validation.ticketSubjectTooShort' })
    .trim()
    .min(SUPPORT_SUBJECT_MIN, 'validation.ticketSubjectTooShort')
    .max(SUPPORT_SUBJECT_MAX, 'validation.ticketSubjectTooLong'),
  message: z
    .string({ error: 'validation.ticketMessageTooShort' })
    .trim()
    .min(SUPPORT_MESSAGE_MIN, 'validation.ticketMessageTooShort')
    .max(SUPPORT_MESSAGE_MAX, 'validation.ticketMessageTooLong'),
});
export type TicketCreateInput = z.infer<typeof ticketCreateSchema>;

/** A ticket as its author sees it. */
export const ticketSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  adminResponse: z.string().nullable(),
  adminResponseAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** GET /api/support/tickets — the signed-in person's own tickets only, newest first. */
export const ticketListSchema = z.object({ items: z.array(ticketSchema) });
export type TicketList = z.infer<typeof ticketListSchema>;

/** A ticket as administrators see it: with the requester's e-mail address (null once the account is gone). */
export const adminTicketSchema = ticketSchema.extend({ email: z.string().nullable() });
export type AdminTicket = z.infer<typeof adminTicketSchema>;

/** GET /api/admin/support/tickets?status=all|open|answered|closed — every ticket, newest first (admins only). */
export const adminTicketQuerySchema = z.object({
  status: z.enum(['all', ...TICKET_STATUSES], { error: 'validation.ticketStatusInvalid' }).default('all'),
});
export const adminTicketListSchema = z.object({ items: z.array(adminTicketSchema) });
export type AdminTicketList = z.infer<typeof adminTicketListSchema>;

/**
 * POST /api/admin/support/tickets/{id}/response — sets the response, its date and status "answered", and
 * e-mails the requester in their language. POST …/{id}/close — status "closed".
 */
export const ticketResponseSchema = z.strictObject({
  response: z
    .string({ error: 'validation.ticketResponseRequired' })
    .trim()
    .min(1, 'validation.ticketResponseRequired')
    .max(SUPPORT_MESSAGE_MAX, 'validation.ticketResponseTooLong'),
});
export type TicketResponseInput = z.infer<typeof ticketResponseSchema>;

/** What answering a ticket returns: the ticket as it now is, and whether the requester's e-mail went out. */
export const ticketResponseResultSchema = z.object({ ticket: adminTicketSchema, notified: z.boolean() });
export type TicketResponseResult = z.infer<typeof ticketResponseResultSchema>;
