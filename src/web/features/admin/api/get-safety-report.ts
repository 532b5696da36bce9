import { safetyReportResponseSchema, type SafetyReport } from '@shared/contracts/safety';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const safetyReportQueryKey = (year: number) => ['admin', 'safety', 'report', year] as const;

/** The CSV of the same report, downloaded by the browser itself (the session cookie goes with it). */
export const safetyReportCsvUrl = (year: number) => `/api/admin/safety/report.csv?year=${year}`;

/** GET /api/admin/safety/report?year=: one year's crisis referrals per month, language and country. */
export function getSafetyReport(year: number, signal?: AbortSignal): Promise<SafetyReport> {
  return apiClient.get(`/api/admin/safety/report?year=${year}`, { schema: safetyReportResponseSchema, signal });
}

export const safetyReportQueryOptions = (year: number) =>
  queryOptions({
    queryKey: safetyReportQueryKey(year),
    queryFn: ({ signal }) => getSafetyReport(year, signal),
    staleTime: 60 * 1000,
    // Another year keeps the last one on screen until it arrives: the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useSafetyReport(year: number) {
  return useQuery(safetyReportQueryOptions(year));
}
