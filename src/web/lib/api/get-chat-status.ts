import { chatStatusResponseSchema, type ChatStatusResponse } from '@shared/contracts/chat';
import type { Language } from '@shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/** Every chat-status query starts with this key: invalidate it after anything that changes access or limits. */
export const chatStatusBaseKey = ['chat-status'] as const;

/** GET /api/chat/status: access, journaled days, today's generations left, the agent and whether voice works. */
export function getChatStatus(language: Language, signal?: AbortSignal): Promise<ChatStatusResponse> {
  return apiClient.get(`/api/chat/status?language=${language}`, { schema: chatStatusResponseSchema, signal });
}

export const chatStatusQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...chatStatusBaseKey, language],
    queryFn: ({ signal }) => getChatStatus(language, signal),
    staleTime: 30 * 1000,
  });

/** Shared by the home and chat screens (both need the access rule and the counters). */
export function useChatStatus(language: Language, options: { enabled?: boolean } = {}) {
  return useQuery({ ...chatStatusQueryOptions(language), enabled: options.enabled ?? true });
}
