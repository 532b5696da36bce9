import { adminTicketListSchema, type AdminTicket, type AdminTicketList, type TicketStatus } from '@shared/contracts/support';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export type TicketFilter = TicketStatus | 'all';

/** Every filtered list sits under this prefix: an answer or a closing refreshes them all. */
export const supportTicketsQueryPrefix = ['admin', 'support-tickets'] as const;
export const supportTicketsQueryKey = (status: TicketFilter) => [...supportTicketsQueryPrefix, status] as const;

/** GET /api/admin/support/tickets?status=…: every person's tickets, newest first, with their e-mail (admins only). */
export function getSupportTickets(status: TicketFilter, signal?: AbortSignal): Promise<AdminTicketList> {
  return apiClient.get(`/api/admin/support/tickets?status=${encodeURIComponent(status)}`, { schema: adminTicketListSchema, signal });
}

export const supportTicketsQueryOptions = (status: TicketFilter) =>
  queryOptions({
    queryKey: supportTicketsQueryKey(status),
    queryFn: ({ signal }) => getSupportTickets(status, signal),
    staleTime: 15 * 1000,
  });

export function useSupportTickets(status: TicketFilter) {
  return useQuery(supportTicketsQueryOptions(status));
}

/** Puts the ticket as the server now has it into every cached list, before the refetch settles which lists keep it. */
export function replaceCachedTicket(queryClient: QueryClient, ticket: AdminTicket) {
  queryClient.setQueriesData<AdminTicketList>({ queryKey: supportTicketsQueryPrefix }, (list) =>
    list ? { items: list.items.map((item) => (item.id === ticket.id ? ticket : item)) } : list,
  );
}
