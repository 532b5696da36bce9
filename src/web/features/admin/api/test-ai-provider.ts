import { aiTestRequestSchema, aiTestResponseSchema, type AiTestRequest, type AiTestResponse } from '@shared/contracts/ai';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export { aiTestRequestSchema };

/** POST /api/admin/ai/test: one tiny real call to the endpoint as typed; the latency, or why it failed. */
export function testAiProvider(input: AiTestRequest): Promise<AiTestResponse> {
  return apiClient.post('/api/admin/ai/test', aiTestRequestSchema.parse(input), { schema: aiTestResponseSchema });
}

export function useTestAiProvider() {
  return useMutation({ mutationFn: testAiProvider });
}
