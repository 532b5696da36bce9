import { galleryYearsSchema, type GalleryYears } from '@shared/contracts/memories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Under ['memories']: a new or deleted memory can add or remove a year. */
export const galleryYearsQueryKey = (tz: string) => ['memories', 'years', tz] as const;

/** GET /api/memories/years?tz=…: the years, newest first, in which the person made memories (the year selector). */
export function getGalleryYears(tz: string, signal?: AbortSignal): Promise<GalleryYears> {
  return apiClient.get(`/api/memories/years?${new URLSearchParams({ tz }).toString()}`, { schema: galleryYearsSchema, signal });
}

export const galleryYearsQueryOptions = (tz: string) =>
  queryOptions({
    queryKey: galleryYearsQueryKey(tz),
    queryFn: ({ signal }) => getGalleryYears(tz, signal),
    staleTime: 5 * 60 * 1000,
  });

export function useGalleryYears(tz: string) {
  return useQuery(galleryYearsQueryOptions(tz));
}
