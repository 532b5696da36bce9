import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { memoryQueryKey } from './get-memory';

/** DELETE /api/memories/{id}: the memory and its image files are gone for good (204). */
export function deleteMemory(id: string): Promise<void> {
  return apiClient.delete(`/api/memories/${encodeURIComponent(id)}`);
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemory,
    onSuccess: (_data, id) => {
      // Forgotten, not refetched: coming back to its address must ask the server (and hear "not found").
      queryClient.removeQueries({ queryKey: memoryQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['memories'] });
    },
  });
}
