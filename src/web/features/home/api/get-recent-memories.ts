import { recentMemoriesResponseSchema, type MemorySummary, type RecentMemoriesResponse } from '@shared/contracts/memories';
import { HOME_MEMORIES_COUNT } from '@shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/**
 * Starts with "memories" on purpose: whatever changes a memory (like, rename, delete, a new one)
 * invalidates ['memories'] and the home grid follows without knowing about it.
 */
export const recentMemoriesQueryKey = ['memories', 'recent', HOME_MEMORIES_COUNT] as const;

/** GET /api/memories/recent?limit=6: the signed-in person's latest memories, newest first. */
export function getRecentMemories(signal?: AbortSignal): Promise<RecentMemoriesResponse> {
  return apiClient.get(`/api/memories/recent?limit=${HOME_MEMORIES_COUNT}`, { schema: recentMemoriesResponseSchema, signal });
}

function newestFirst(items: MemorySummary[]): MemorySummary[] {
  // ISO-8601 instants with offsets compare correctly only as dates, not as strings.
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const recentMemoriesQueryOptions = () =>
  queryOptions({
    queryKey: recentMemoriesQueryKey,
    queryFn: ({ signal }) => getRecentMemories(signal),
    select: (data) => newestFirst(data.items).slice(0, HOME_MEMORIES_COUNT),
    staleTime: 30 * 1000,
  });

export function useRecentMemories({ enabled }: { enabled: boolean }) {
  return useQuery({ ...recentMemoriesQueryOptions(), enabled });
}
