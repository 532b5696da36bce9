import { imageMigrationResultSchema, type ImageMigrationResult } from '@shared/contracts/memories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { getImageMigration } from './get-image-migration';

/** POST /api/memories/migration/{id}: moves one memory's image into lasting storage. */
export function migrateImage(id: string): Promise<ImageMigrationResult> {
  return apiClient.post(`/api/memories/migration/${encodeURIComponent(id)}`, undefined, { schema: imageMigrationResultSchema });
}

export interface MigrationReport {
  total: number;
  migrated: number;
  failed: number;
}

/**
 * The home banner's migration runs one memory at a time (a failure does not stop the others) and
 * reports how many succeeded and failed. `onStart` receives the count before the first one begins.
 */
export async function migrateAllImages(onStart: (total: number) => void): Promise<MigrationReport> {
  const { ids } = await getImageMigration();
  onStart(ids.length);
  let migrated = 0;
  for (const id of ids) {
    try {
      await migrateImage(id);
      migrated += 1;
    } catch {
      // Counted below; the memory keeps its address and the banner offers it again.
    }
  }
  return { total: ids.length, migrated, failed: ids.length - migrated };
}

export function useMigrateImages(onStart: (total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => migrateAllImages(onStart),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['memories'] }),
  });
}
