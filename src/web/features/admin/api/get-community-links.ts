import { communitySchema, type Community } from '@shared/contracts/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** The same key as the Community page's own query, so a save here is what that page shows next. */
export const communityLinksQueryKey = ['community'] as const;

/** GET /api/community: the chat-server link and the calendar per language (null when not set). */
export function getCommunityLinks(signal?: AbortSignal): Promise<Community> {
  return apiClient.get('/api/community', { schema: communitySchema, signal });
}

export const communityLinksQueryOptions = () =>
  queryOptions({
    queryKey: communityLinksQueryKey,
    queryFn: ({ signal }) => getCommunityLinks(signal),
    staleTime: 60 * 1000,
  });

export function useCommunityLinks() {
  return useQuery(communityLinksQueryOptions());
}
