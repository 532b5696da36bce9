import { localModelOverviewSchema, type LocalModelOverview } from '@shared/contracts/ai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { localModelsQueryKey } from './get-local-models';

/** DELETE /api/admin/ai/local/downloads/:id: stops a download and removes what arrived. */
export function cancelModelDownload(id: string): Promise<LocalModelOverview> {
  return apiClient.delete(`/api/admin/ai/local/downloads/${encodeURIComponent(id)}`, { schema: localModelOverviewSchema });
}

export function useCancelModelDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelModelDownload,
    onSuccess: (overview) => queryClient.setQueryData(localModelsQueryKey, overview),
    onSettled: () => queryClient.invalidateQueries({ queryKey: localModelsQueryKey }),
  });
}
