import { backupListSchema, type BackupList } from '@shared/contracts/backups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const backupsQueryKey = ['admin', 'backups'] as const;

/** GET /api/admin/backups: the archives, newest first, with the schedule (admins only). */
export function getBackups(signal?: AbortSignal): Promise<BackupList> {
  return apiClient.get('/api/admin/backups', { schema: backupListSchema, signal });
}

export const backupsQueryOptions = () => queryOptions({ queryKey: backupsQueryKey, queryFn: ({ signal }) => getBackups(signal) });

export function useBackups() {
  return useQuery(backupsQueryOptions());
}

/** Where the browser downloads an archive (the session cookie goes with it). */
export const backupDownloadUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;
