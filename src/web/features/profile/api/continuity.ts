import { continuitySchema, type Continuity, type ContinuitySettings } from '@shared/contracts/continuity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import type { Language } from '@shared/limits';

export const continuityQueryKey = ['continuity'] as const;

/** GET /api/continuity: what the companion is told, in the interface's language. */
export const getContinuity = (language: Language, signal?: AbortSignal): Promise<Continuity> =>
  apiClient.get(`/api/continuity?language=${language}`, { schema: continuitySchema, signal });

export function useContinuity(language: Language) {
  return useQuery({ queryKey: [...continuityQueryKey, language], queryFn: ({ signal }) => getContinuity(language, signal) });
}

/** The changes of "What the companion remembers": each refreshes the exact text shown. */
export function useContinuityChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { kind: 'settings'; settings: ContinuitySettings } | { kind: 'add-fact'; text: string } | { kind: 'remove-fact'; id: string } | { kind: 'hide-memory'; id: string }) => {
      switch (change.kind) {
        case 'settings':
          return apiClient.put('/api/continuity', change.settings);
        case 'add-fact':
          return apiClient.post('/api/continuity/facts', { text: change.text });
        case 'remove-fact':
          return apiClient.delete(`/api/continuity/facts/${encodeURIComponent(change.id)}`);
        case 'hide-memory':
          return apiClient.delete(`/api/continuity/memories/${encodeURIComponent(change.id)}`);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: continuityQueryKey }),
  });
}
