import type { ChatStatusResponse } from '@shared/contracts/chat';
import { generationResponseSchema, IDEMPOTENCY_HEADER, type GenerationRequest, type GenerationResponse } from '@shared/contracts/generation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';

export { generationRequestSchema } from '@shared/contracts/generation';

/** Every memory query starts with this key (the home grid, the gallery, a memory's page): a new memory changes them all. */
const memoriesBaseKey = ['memories'] as const;

/**
 * POST /api/generations: turns the day's conversation into a memory, in one request. The same
 * `idempotencyKey` sent again never makes a second memory: it answers the first one (or 409
 * GENERATION_IN_PROGRESS while that one still runs). Rejects with an ApiError (status 0, NETWORK, when
 * the answer never arrived — the memory may exist then, so the caller retries with the same key).
 */
export function createGeneration(request: GenerationRequest, idempotencyKey: string, signal?: AbortSignal): Promise<GenerationResponse> {
  return apiClient.post('/api/generations', request, {
    schema: generationResponseSchema,
    signal,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export interface CreateGenerationInput {
  request: GenerationRequest;
  idempotencyKey: string;
}

/**
 * The mutation: once a memory exists, today's counters (the chat status) and every memory list are
 * out of date. The answer's own counters go into the cached status at once (coming back to the chat never
 * shows a memory left that is not); everything is then refreshed in the background, so the person goes to
 * the memory without waiting.
 */
export function useCreateGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: CreateGenerationInput) => createGeneration(request, idempotencyKey),
    onSuccess: ({ generation }) => {
      queryClient.setQueriesData<ChatStatusResponse>({ queryKey: chatStatusBaseKey }, (status) => (status ? { ...status, generation } : status));
      void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
      void queryClient.invalidateQueries({ queryKey: memoriesBaseKey });
    },
  });
}
