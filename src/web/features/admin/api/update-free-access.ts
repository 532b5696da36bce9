import { freeAccessUpdateSchema } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { billingBaseKey } from '@web/lib/api/get-billing-status';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { adminUsersQueryPrefix, updateCachedUser } from './get-admin-users';

/**
 * PUT /api/admin/users/{id}/free-access {freeAccess}: free access counts as an active subscription. It is
 * its own flag: administrator rights and any paid subscription stay exactly as they were.
 */
export function updateFreeAccess({ id, freeAccess }: { id: string; freeAccess: boolean }): Promise<void> {
  return apiClient.put(`/api/admin/users/${encodeURIComponent(id)}/free-access`, freeAccessUpdateSchema.parse({ freeAccess }));
}

export function useUpdateFreeAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFreeAccess,
    onSuccess: (_nothing, { id, freeAccess }) => {
      updateCachedUser(queryClient, id, { freeAccess });
      // An administrator may change their own access: home and chat read it from the chat status, the
      // profile and pricing from the billing status.
      void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
      void queryClient.invalidateQueries({ queryKey: billingBaseKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryPrefix }),
  });
}
