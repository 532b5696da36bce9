import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** DELETE /api/admin/invitations/{id}: the link stops working at once. */
export function revokeInvitation(id: string): Promise<void> {
  return apiClient.delete(`/api/admin/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }) });
}
