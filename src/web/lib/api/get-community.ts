import { communitySchema, type Community } from '@shared/contracts/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** The admin panel's Global tab saves these links; it invalidates this key. */
export const communityQueryKey = ['community'] as const;

/** GET /api/community: public; the chat-server link and the calendar per language, null when not set. */
export function getCommunity(signal?: AbortSignal): Promise<Community> {
  return apiClient.get('/api/community', { schema: communitySchema, signal });
}

export const communityQueryOptions = () =>
  queryOptions({
    queryKey: communityQueryKey,
    queryFn: ({ signal }) => getCommunity(signal),
    staleTime: 5 * 60 * 1000,
  });

export function useCommunity() {
  return useQuery(communityQueryOptions());
}
