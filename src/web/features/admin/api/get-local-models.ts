import { localModelOverviewSchema, type LocalModelOverview } from '@shared/contracts/ai';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const localModelsQueryKey = ['admin', 'ai', 'local'] as const;

/** GET /api/admin/ai/local: the model files on the server, the suggested ones, the downloads and the machine's memory. */
export function getLocalModels(signal?: AbortSignal): Promise<LocalModelOverview> {
  return apiClient.get('/api/admin/ai/local', { schema: localModelOverviewSchema, signal });
}

/** Something is moving (a download, a model loading or answering): read again every second. */
const moving = (overview: LocalModelOverview | undefined) =>
  Boolean(
    overview &&
      (overview.downloads.some((d) => d.state === 'downloading' || d.state === 'verifying') ||
        overview.files.some((f) => f.state === 'loading' || f.state === 'busy')),
  );

export const localModelsQueryOptions = () =>
  queryOptions({
    queryKey: localModelsQueryKey,
    queryFn: ({ signal }) => getLocalModels(signal),
    staleTime: 5 * 1000,
    refetchInterval: (query) => (moving(query.state.data) ? 1000 : false),
  });

export function useLocalModels(enabled = true) {
  return useQuery({ ...localModelsQueryOptions(), enabled });
}
