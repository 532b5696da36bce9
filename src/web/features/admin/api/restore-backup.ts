import { backupRestoredSchema, backupRestoreSchema } from '@shared/contracts/backups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export { backupRestoreSchema };

/** POST /api/admin/backups/{name}/restore {confirm: name}: replaces every table and file with the archive's. */
export function restoreBackup({ name, confirm }: { name: string; confirm: string }) {
  return apiClient.post(`/api/admin/backups/${encodeURIComponent(name)}/restore`, backupRestoreSchema.parse({ confirm }), { schema: backupRestoredSchema });
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  // Everything may have changed, the person's own session included.
  return useMutation({ mutationFn: restoreBackup, onSuccess: () => queryClient.invalidateQueries() });
}
