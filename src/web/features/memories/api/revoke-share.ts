import type { MemoryDetail } from '@shared/contracts/memories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { memoryQueryKey } from './get-memory';

/** DELETE /api/memories/{id}/share: the memory is private again and its link answers "not found". */
export function revokeShare(id: string): Promise<void> {
  return apiClient.delete(`/api/memories/${encodeURIComponent(id)}/share`);
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<MemoryDetail>(memoryQueryKey(id), (memory) => (memory ? { ...memory, shareToken: null } : memory));
    },
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: memoryQueryKey(id) }),
  });
}
