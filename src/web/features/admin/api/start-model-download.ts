import { localModelDownloadRequestSchema, localModelDownloadResponseSchema, type LocalModelDownloadRequest, type LocalModelDownloadResponse } from '@shared/contracts/ai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { localModelsQueryKey } from './get-local-models';

export { localModelDownloadRequestSchema };

/** POST /api/admin/ai/local/downloads: a model downloaded in the background, or why this server refuses it. */
export function startModelDownload(input: LocalModelDownloadRequest): Promise<LocalModelDownloadResponse> {
  return apiClient.post('/api/admin/ai/local/downloads', localModelDownloadRequestSchema.parse(input), { schema: localModelDownloadResponseSchema });
}

export function useStartModelDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startModelDownload,
    onSuccess: (answer) => {
      if (answer.ok) queryClient.setQueryData(localModelsQueryKey, answer.overview);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: localModelsQueryKey }),
  });
}
