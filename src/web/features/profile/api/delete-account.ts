import { accountDeletionSchema } from '@shared/contracts/me';
import { useMutation } from '@tanstack/react-query';
import { fetchApi, toApiError } from '@web/lib/api-client';

/**
 * DELETE /api/me with { confirm: true }: the account is erased for good — profile, memories and their
 * images, tickets, sessions (204). The caller then clears what this browser keeps.
 */
export async function deleteAccount(): Promise<void> {
  const response = await fetchApi('/api/me', {
    method: 'DELETE',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(accountDeletionSchema.parse({ confirm: true })),
  });
  if (!response.ok) throw await toApiError(response);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
