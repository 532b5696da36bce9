import { aiModelsRequestSchema, aiModelsResponseSchema, type AiModelsRequest, type AiModelsResponse } from '@shared/contracts/ai';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export { aiModelsRequestSchema };

/**
 * POST /api/admin/ai/models: the endpoint's own model list, read on demand (it needs the address and key
 * being typed, so it is a request the administrator makes, not a cached query). A failure is an answer.
 */
export function listAiModels(input: AiModelsRequest): Promise<AiModelsResponse> {
  return apiClient.post('/api/admin/ai/models', aiModelsRequestSchema.parse(input), { schema: aiModelsResponseSchema });
}

export function useListAiModels() {
  return useMutation({ mutationFn: listAiModels });
}
