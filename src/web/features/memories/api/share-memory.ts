import { memoryShareSchema, type MemoryDetail, type MemoryShare } from '@shared/contracts/memories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { memoryQueryKey } from './get-memory';

/** POST /api/memories/{id}/share: makes the memory public by link; every call answers a new token (the old link dies). */
export function shareMemory(id: string): Promise<MemoryShare> {
  return apiClient.post(`/api/memories/${encodeURIComponent(id)}/share`, undefined, { schema: memoryShareSchema });
}

/** The public address of a shared memory, on this site. */
export const sharedMemoryUrl = (token: string) => `${window.location.origin}/shared/${token}`;

export function useShareMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareMemory,
    onSuccess: ({ shareToken }, id) => {
      // The dialog shows the new link at once; the refetch below only confirms it.
      queryClient.setQueryData<MemoryDetail>(memoryQueryKey(id), (memory) => (memory ? { ...memory, shareToken } : memory));
    },
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: memoryQueryKey(id) }),
  });
}
