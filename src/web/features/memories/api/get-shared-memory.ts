import { memoryShareSchema, sharedMemorySchema, type SharedMemory } from '@shared/contracts/memories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Under ['memories'] like every memory query: when the owner revokes the link in this tab, the page follows. */
export const sharedMemoryQueryKey = (token: string) => ['memories', 'shared', token] as const;

/** Only a token the server could have made (64 lowercase hex) is worth a request; anything else is simply not found. */
export function isShareToken(token: string | undefined): token is string {
  return memoryShareSchema.shape.shareToken.safeParse(token).success;
}

/**
 * GET /api/shared/{token}: a memory as its public link shows it; no session needed (404 NOT_FOUND for an
 * unknown or revoked token). The route never answers 401, so a signed-in visitor never sees the
 * session-expired dialog here.
 */
export function getSharedMemory(token: string, signal?: AbortSignal): Promise<SharedMemory> {
  return apiClient.get(`/api/shared/${encodeURIComponent(token)}`, { schema: sharedMemorySchema, signal });
}

export const sharedMemoryQueryOptions = (token: string) =>
  queryOptions({
    queryKey: sharedMemoryQueryKey(token),
    queryFn: ({ signal }) => getSharedMemory(token, signal),
    staleTime: 60 * 1000,
  });

/** Asks nothing for a malformed token: the page shows "not found" straight away. */
export function useSharedMemory(token: string | undefined) {
  return useQuery({ ...sharedMemoryQueryOptions(token ?? ''), enabled: isShareToken(token) });
}
