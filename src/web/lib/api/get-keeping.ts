import { keepingStatusSchema, type KeepingStatus } from '@shared/contracts/keeping';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const keepingQueryKey = ['keeping'] as const;

/** GET /api/keeping: whether the person keeps conversations across devices, and their key envelope. */
export const getKeeping = (signal?: AbortSignal): Promise<KeepingStatus> => apiClient.get('/api/keeping', { schema: keepingStatusSchema, signal });

export const keepingQueryOptions = () => queryOptions({ queryKey: keepingQueryKey, queryFn: ({ signal }) => getKeeping(signal) });

export function useKeeping(options: { enabled?: boolean } = {}) {
  return useQuery({ ...keepingQueryOptions(), enabled: options.enabled ?? true });
}
