import { aiTestResponseSchema, localModelTestRequestSchema, type AiTestResponse, type LocalModelTestRequest } from '@shared/contracts/ai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { localModelsQueryKey } from './get-local-models';

export { localModelTestRequestSchema };

/** POST /api/admin/ai/local/test: one tiny generation by the model file, queued like a conversation. */
export function testLocalModel(input: LocalModelTestRequest): Promise<AiTestResponse> {
  return apiClient.post('/api/admin/ai/local/test', localModelTestRequestSchema.parse(input), { schema: aiTestResponseSchema });
}

export function useTestLocalModel() {
  const queryClient = useQueryClient();
  // The model is loaded now: its state changed.
  return useMutation({ mutationFn: testLocalModel, onSettled: () => queryClient.invalidateQueries({ queryKey: localModelsQueryKey }) });
}
