import { adminSafetyResponseSchema, type AdminSafetyResponse } from '@shared/contracts/safety';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const adminSafetyQueryKey = ['admin', 'safety'] as const;

/** GET /api/admin/safety: the locked safety instructions (read-only) and the crisis referrals counted per day, language and country. */
export function getAdminSafety(signal?: AbortSignal): Promise<AdminSafetyResponse> {
  return apiClient.get('/api/admin/safety', { schema: adminSafetyResponseSchema, signal });
}

export const adminSafetyQueryOptions = () =>
  queryOptions({
    queryKey: adminSafetyQueryKey,
    queryFn: ({ signal }) => getAdminSafety(signal),
    staleTime: 60 * 1000,
  });

/** One query for the Chat Prompt tab's instructions and the Global tab's counts. */
export function useAdminSafety() {
  return useQuery(adminSafetyQueryOptions());
}
