import { onThisDaySchema, type OnThisDay, type OnThisDaySettings } from '@shared/contracts/on-this-day';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Under ['memories']: a deleted, renamed or new memory changes what today recalls. */
export const onThisDayQueryKey = (tz: string) => ['memories', 'on-this-day', tz] as const;

/** GET /api/memories/on-this-day?tz=…: the memory of this date a year or a month ago, if any, and the switch. */
export function getOnThisDay(tz: string, signal?: AbortSignal): Promise<OnThisDay> {
  return apiClient.get(`/api/memories/on-this-day?${new URLSearchParams({ tz }).toString()}`, { schema: onThisDaySchema, signal });
}

export const onThisDayQueryOptions = (tz: string) =>
  queryOptions({ queryKey: onThisDayQueryKey(tz), queryFn: ({ signal }) => getOnThisDay(tz, signal), staleTime: 5 * 60 * 1000 });

export function useOnThisDay(tz: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...onThisDayQueryOptions(tz), enabled });
}

/** PUT /api/memories/on-this-day: the profile's switch; the home follows through the shared key. */
export function useSetOnThisDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OnThisDaySettings) => apiClient.put('/api/memories/on-this-day', settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['memories', 'on-this-day'] }),
  });
}
