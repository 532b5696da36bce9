import { backupSchema, type Backup } from '@shared/contracts/backups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { backupsQueryKey } from './get-backups';

/** POST /api/admin/backups: an archive of the database and files, now. */
export function createBackup(): Promise<Backup> {
  return apiClient.post('/api/admin/backups', undefined, { schema: backupSchema });
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBackup, onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQueryKey }) });
}
