import { adminSetupSchema, type AdminSetupInput } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';

export { adminSetupSchema };

/** POST /api/me/admin-setup: the setup code from the server's log makes this listed address administrator (204). */
export function claimAdmin(input: AdminSetupInput): Promise<void> {
  return apiClient.post('/api/me/admin-setup', adminSetupSchema.parse(input));
}

export function useClaimAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimAdmin,
    // The header's Admin entry and the profile read "me": refetched so they show the new right at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
