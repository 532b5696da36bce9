import { publicConfigSchema, type PublicConfig } from '@shared/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const publicConfigQueryKey = ['public-config'] as const;

/** GET /api/public-config: which sign-in options and mail behaviour this installation has. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiClient.get('/api/public-config', { schema: publicConfigSchema, signal });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Configuration changes only with a server restart.
    staleTime: Infinity,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
