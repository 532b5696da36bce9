import { exhibitionListSchema, type ExhibitionList } from '@shared/contracts/exhibitions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const keptExhibitionsQueryKey = ['exhibitions', 'kept'] as const;

/** GET /api/exhibitions: the exhibitions the person kept, newest month first (the gallery's row). */
export function getKeptExhibitions(signal?: AbortSignal): Promise<ExhibitionList> {
  return apiClient.get('/api/exhibitions', { schema: exhibitionListSchema, signal });
}

export const keptExhibitionsQueryOptions = () =>
  queryOptions({ queryKey: keptExhibitionsQueryKey, queryFn: ({ signal }) => getKeptExhibitions(signal), staleTime: 5 * 60 * 1000 });

export function useKeptExhibitions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...keptExhibitionsQueryOptions(), enabled });
}
