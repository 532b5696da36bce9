import { aiSettingsSchema, type AiSettings } from '@shared/contracts/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const aiSettingsQueryKey = ['admin', 'ai'] as const;

/** GET /api/admin/ai: each capability's provider as the AI tab shows it (a stored key only as a mask). */
export function getAiSettings(signal?: AbortSignal): Promise<AiSettings> {
  return apiClient.get('/api/admin/ai', { schema: aiSettingsSchema, signal });
}

export const aiSettingsQueryOptions = () =>
  queryOptions({
    queryKey: aiSettingsQueryKey,
    queryFn: ({ signal }) => getAiSettings(signal),
    staleTime: 30 * 1000,
  });

export function useAiSettings() {
  return useQuery(aiSettingsQueryOptions());
}
