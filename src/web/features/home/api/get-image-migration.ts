import { imageMigrationStatusSchema, type ImageMigrationStatus } from '@shared/contracts/memories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

// Under ['memories']: a new or migrated memory refreshes the banner too.
export const imageMigrationQueryKey = ['memories', 'migration'] as const;

/** GET /api/memories/migration: the person's memories still pointing at an image provider's temporary address. */
export function getImageMigration(signal?: AbortSignal): Promise<ImageMigrationStatus> {
  return apiClient.get('/api/memories/migration', { schema: imageMigrationStatusSchema, signal });
}

export const imageMigrationQueryOptions = () =>
  queryOptions({ queryKey: imageMigrationQueryKey, queryFn: ({ signal }) => getImageMigration(signal), staleTime: 60 * 1000 });

export function useImageMigration({ enabled }: { enabled: boolean }) {
  return useQuery({ ...imageMigrationQueryOptions(), enabled });
}
