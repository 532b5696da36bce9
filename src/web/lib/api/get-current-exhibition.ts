import type { CurrentExhibition } from '@shared/contracts/exhibitions';
import type { Language } from '@shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Under ['exhibitions']: keeping or renaming it elsewhere refreshes the home's card. */
export const currentExhibitionQueryKey = (tz: string, language: Language) => ['exhibitions', 'current', tz, language] as const;

/**
 * POST /api/exhibitions/current: last month's exhibition in a month's first days (made on the first ask), or null.
 * Not checked against its schema here: this runs on the home, whose first JavaScript is budgeted, and the card only
 * reads a title, a picture and an id.
 */
export function getCurrentExhibition(tz: string, language: Language, signal?: AbortSignal): Promise<CurrentExhibition> {
  return apiClient.post('/api/exhibitions/current', { tz, language }, { signal });
}

export const currentExhibitionQueryOptions = (tz: string, language: Language) =>
  queryOptions({ queryKey: currentExhibitionQueryKey(tz, language), queryFn: ({ signal }) => getCurrentExhibition(tz, language, signal), staleTime: 60 * 60 * 1000 });

export function useCurrentExhibition(tz: string, language: Language, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentExhibitionQueryOptions(tz, language), enabled });
}
