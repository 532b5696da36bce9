import { exhibitionDetailSchema, type ExhibitionDetail } from '@shared/contracts/exhibitions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const exhibitionQueryKey = (id: string) => ['exhibitions', 'detail', id] as const;

/** GET /api/exhibitions/{id}: the wall, its letter and artworks (404 for anyone else's). */
export function getExhibition(id: string, signal?: AbortSignal): Promise<ExhibitionDetail> {
  return apiClient.get(`/api/exhibitions/${encodeURIComponent(id)}`, { schema: exhibitionDetailSchema, signal });
}

export const exhibitionQueryOptions = (id: string) => queryOptions({ queryKey: exhibitionQueryKey(id), queryFn: ({ signal }) => getExhibition(id, signal) });

export function useExhibition(id: string) {
  return useQuery(exhibitionQueryOptions(id));
}
