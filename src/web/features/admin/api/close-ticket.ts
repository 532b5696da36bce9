import { adminTicketSchema, type AdminTicket } from '@shared/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { replaceCachedTicket, supportTicketsQueryPrefix } from './get-support-tickets';

/** POST /api/admin/support/tickets/{id}/close: status closed; it can still be answered afterwards. */
export function closeTicket(id: string): Promise<AdminTicket> {
  return apiClient.post(`/api/admin/support/tickets/${encodeURIComponent(id)}/close`, undefined, { schema: adminTicketSchema });
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: (ticket) => replaceCachedTicket(queryClient, ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportTicketsQueryPrefix }),
  });
}
