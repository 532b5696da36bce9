import { galleryPageSchema, type GalleryFilter, type GalleryPage } from '@shared/contracts/memories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** What one gallery page depends on; `month` is only ever set together with `year`. */
export interface GalleryRequest {
  filter: GalleryFilter;
  year?: number;
  month?: number;
  page: number;
  /** The person's IANA time zone: a year or a month is the one they lived (decision 0023). */
  tz: string;
}

/** Under ['memories']: a like, a rename or a deletion refreshes every gallery page. */
export const galleryQueryKey = (request: GalleryRequest) => ['memories', 'gallery', request] as const;

/** GET /api/memories?filter=…&year=…&month=…&page=…&tz=…: one page of nine memories, newest first. */
export function getGallery(request: GalleryRequest, signal?: AbortSignal): Promise<GalleryPage> {
  const params = new URLSearchParams({ filter: request.filter, page: String(request.page), tz: request.tz });
  if (request.year !== undefined) {
    params.set('year', String(request.year));
    if (request.month !== undefined) params.set('month', String(request.month));
  }
  return apiClient.get(`/api/memories?${params.toString()}`, { schema: galleryPageSchema, signal });
}

export const galleryQueryOptions = (request: GalleryRequest) =>
  queryOptions({
    queryKey: galleryQueryKey(request),
    queryFn: ({ signal }) => getGallery(request, signal),
    // While the next page loads, the page on screen stays (keepPreviousData): paging never flashes back
    // to skeletons. Another filter or period is a different list, so it is not shown in its place.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2];
      return before && before.filter === request.filter && before.year === request.year && before.month === request.month && before.tz === request.tz
        ? previous
        : undefined;
    },
    staleTime: 30 * 1000,
  });

export function useGallery(request: GalleryRequest) {
  return useQuery(galleryQueryOptions(request));
}
