import type { ChatStatusResponse } from '@shared/contracts/chat';
import { generationResponseSchema, IDEMPOTENCY_HEADER, type GenerationRequest, type GenerationResponse } from '@shared/contracts/generation';
import { errorBodySchema } from '@shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';

export { generationRequestSchema } from '@shared/contracts/generation';

/** Every memory query starts with this key (the home grid, the gallery, a memory's page): a new memory changes them all. */
const memoriesBaseKey = ['memories'] as const;

async function errorFromResponse(response: Response): Promise<ApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const parsed = errorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', response.statusText);
}

/**
 * POST /api/generations: turns the day's conversation into a memory, in one request. The same
 * `idempotencyKey` sent again never makes a second memory: it answers the first one (or 409
 * GENERATION_IN_PROGRESS while that one still runs). Rejects with an ApiError (status 0, NETWORK, when
 * the answer never arrived — the memory may exist then, so the caller retries with the same key).
 */
export async function createGeneration(request: GenerationRequest, idempotencyKey: string, signal?: AbortSignal): Promise<GenerationResponse> {
  let response: Response;
  try {
    response = await fetch('/api/generations', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
      body: JSON.stringify(request),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw await errorFromResponse(response);
  let data: unknown;
  try {
    data = await response.json();
  } catch (cause) {
    // The connection broke while the answer was read: as unknown as a network failure.
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Unreadable answer');
  }
  return generationResponseSchema.parse(data);
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
