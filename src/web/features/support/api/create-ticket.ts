import { ticketCreateSchema, ticketSchema, type Ticket, type TicketCreateInput, type TicketList } from '@shared/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { ticketsQueryKey } from './get-tickets';

export { ticketCreateSchema };

/** POST /api/support/tickets: answers the new ticket (201, status open). 429 after ten in an hour. */
export function createTicket(input: TicketCreateInput): Promise<Ticket> {
  return apiClient.post('/api/support/tickets', ticketCreateSchema.parse(input), { schema: ticketSchema });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => {
      // The History tab opens right after: the new ticket is there at once, the refetch only confirms it.
      queryClient.setQueryData<TicketList>(ticketsQueryKey, (list) => (list ? { items: [ticket, ...list.items.filter((t) => t.id !== ticket.id)] } : list));
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
