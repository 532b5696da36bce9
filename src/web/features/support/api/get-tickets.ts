import { ticketListSchema, type TicketList } from '@shared/contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Only this person's tickets live under this key: a new ticket refreshes it. */
export const ticketsQueryKey = ['support', 'tickets'] as const;

/** GET /api/support/tickets: the signed-in person's own tickets, newest first (the server never shows others'). */
export function getTickets(signal?: AbortSignal): Promise<TicketList> {
  return apiClient.get('/api/support/tickets', { schema: ticketListSchema, signal });
}

export const ticketsQueryOptions = () =>
  queryOptions({
    queryKey: ticketsQueryKey,
    queryFn: ({ signal }) => getTickets(signal),
    staleTime: 30 * 1000,
  });

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}
