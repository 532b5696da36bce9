import { ticketResponseResultSchema, ticketResponseSchema, type TicketResponseResult } from '@shared/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { replaceCachedTicket, supportTicketsQueryPrefix } from './get-support-tickets';

export { ticketResponseSchema };

/**
 * POST /api/admin/support/tickets/{id}/response: saves the answer (status answered) and e-mails the
 * person; `notified` is false when that e-mail could not go out (the answer is saved all the same).
 */
export function respondToTicket({ id, response }: { id: string; response: string }): Promise<TicketResponseResult> {
  return apiClient.post(`/api/admin/support/tickets/${encodeURIComponent(id)}/response`, ticketResponseSchema.parse({ response }), {
    schema: ticketResponseResultSchema,
  });
}

export function useRespondToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToTicket,
    onSuccess: ({ ticket }) => replaceCachedTicket(queryClient, ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportTicketsQueryPrefix }),
  });
}
