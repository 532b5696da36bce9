import { invitationCreateSchema, invitationSchema, type Invitation, type InvitationCreate } from '@shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

export { invitationCreateSchema };

/** POST /api/admin/invitations {email, language}: e-mails a link that creates one account, for a few days. */
export function createInvitation(input: InvitationCreate): Promise<Invitation> {
  return apiClient.post('/api/admin/invitations', invitationCreateSchema.parse(input), { schema: invitationSchema });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvitation, onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }) });
}
