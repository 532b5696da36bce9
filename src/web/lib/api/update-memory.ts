import { memoryDetailSchema, memoryUpdateSchema, type MemoryDetail, type MemorySummary, type MemoryUpdate } from '@shared/contracts/memories';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export { memoryUpdateSchema };

/** Every memory query lives under this prefix (home grid, gallery pages, a memory's page). */
export const memoriesQueryPrefix = ['memories'] as const;

/** PATCH /api/memories/{id}: the owner likes, unlikes or renames one memory; answers the memory as it is now. */
export function updateMemory(id: string, update: MemoryUpdate): Promise<MemoryDetail> {
  return apiClient.patch(`/api/memories/${encodeURIComponent(id)}`, memoryUpdateSchema.parse(update), { schema: memoryDetailSchema });
}

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Writes `patch` into every cached copy of the memory, whatever the query's shape: a memory's page
 * ({ id, … }), the home grid ({ items }) or a gallery page ({ items, total, … }). Returns what was
 * there before, to put back on failure.
 */
function patchCachedMemory(queryClient: QueryClient, id: string, patch: Partial<MemorySummary>): Snapshot {
  const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: memoriesQueryPrefix });
  const apply = (memory: MemorySummary) => (memory.id === id ? { ...memory, ...patch } : memory);
  queryClient.setQueriesData({ queryKey: memoriesQueryPrefix }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data;
    if ('items' in data && Array.isArray(data.items)) return { ...data, items: (data.items as MemorySummary[]).map(apply) };
    if ('id' in data && data.id === id) return apply(data as MemorySummary);
    return data;
  });
  return snapshot;
}

/**
 * Likes, unlikes or renames a memory. A like shows at once everywhere the memory appears
 * (optimistic) and is put back if the server refuses; the caller shows the message.
 * Afterwards every memory query is refetched, so the Favorites tab and the counts follow.
 */
export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: MemoryUpdate }) => updateMemory(id, update),
    onMutate: async ({ id, update }) => {
      if (update.liked === undefined) return { snapshot: [] as Snapshot };
      await queryClient.cancelQueries({ queryKey: memoriesQueryPrefix });
      return { snapshot: patchCachedMemory(queryClient, id, { liked: update.liked }) };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (memory) => {
      patchCachedMemory(queryClient, memory.id, { liked: memory.liked, title: memory.title });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: memoriesQueryPrefix }),
  });
}
