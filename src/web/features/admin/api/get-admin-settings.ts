import { adminSettingsSchema, type AdminSettings } from '@shared/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const adminSettingsQueryKey = ['admin', 'settings'] as const;

/** GET /api/admin/settings: everything the panel edits, plus which provider each capability uses (read-only). */
export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiClient.get('/api/admin/settings', { schema: adminSettingsSchema, signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => getAdminSettings(signal),
    staleTime: 60 * 1000,
  });

/** One query for every tab: switching tabs never reloads, and a save in one tab is seen by the others. */
export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
