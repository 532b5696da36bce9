import { memoryDetailSchema, type MemoryDetail } from '@shared/contracts/memories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Under ['memories'] like every memory query: whatever changes a memory invalidates that prefix. */
export const memoryQueryKey = (id: string) => ['memories', 'detail', id] as const;

/** GET /api/memories/{id}: one of the signed-in person's memories (404 NOT_FOUND for any other id). */
export function getMemory(id: string, signal?: AbortSignal): Promise<MemoryDetail> {
  return apiClient.get(`/api/memories/${encodeURIComponent(id)}`, { schema: memoryDetailSchema, signal });
}

export const memoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memoryQueryKey(id),
    queryFn: ({ signal }) => getMemory(id, signal),
    staleTime: 30 * 1000,
  });

export function useMemory(id: string) {
  return useQuery(memoryQueryOptions(id));
}
