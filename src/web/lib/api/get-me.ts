import { meResponseSchema, type MeResponse } from '@shared/contracts/me';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../api-client';

export const meQueryKey = ['me'] as const;

/** GET /api/me: the single source of "who is signed in". A 401 means signed out, which is an answer, not an error. */
export async function getMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await apiClient.get('/api/me', { schema: meResponseSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60 * 1000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
