import { moodYearSchema, type MoodYear } from '@shared/contracts/mood-year';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Under ['memories']: a new, renamed or deleted memory changes the year. */
export const moodYearQueryKey = (year: number, tz: string) => ['memories', 'year', year, tz] as const;

/** GET /api/memories/year?year=&tz=: each day's date, title and mood, oldest first. */
export function getMoodYear(year: number, tz: string, signal?: AbortSignal): Promise<MoodYear> {
  return apiClient.get(`/api/memories/year?${new URLSearchParams({ year: String(year), tz }).toString()}`, { schema: moodYearSchema, signal });
}

export const moodYearQueryOptions = (year: number, tz: string) =>
  queryOptions({ queryKey: moodYearQueryKey(year, tz), queryFn: ({ signal }) => getMoodYear(year, tz, signal), staleTime: 60 * 1000 });

export function useMoodYear(year: number, tz: string) {
  return useQuery(moodYearQueryOptions(year, tz));
}
