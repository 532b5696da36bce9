import type { AdminTicket, Ticket } from '@shared/contracts/support';

let ticketCount = 0;

/** One support ticket as its sender sees it: open, unanswered, each with an id of its own. */
export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  ticketCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ticketCount).padStart(12, '0')}`,
    subject: 'The image did not appear',
    message: 'After finishing my conversation the memory stayed blank.',
    status: 'open',
    createdAt: '2026-03-14T12:00:00.000Z',
    adminResponse: null,
    adminResponseAt: null,
    ...overrides,
  };
}

/** The same ticket as the administrators' list shows it, with the sender's address. */
export function buildAdminTicket(overrides: Partial<AdminTicket> = {}): AdminTicket {
  return { ...buildTicket(), email: 'camille@example.com', ...overrides };
}
