import { privacyPolicySchema, type PrivacyPolicy } from '@shared/contracts/privacy';
import type { Language } from '@shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** One cache entry per language: switching back and forth shows the text already read at once. */
export const privacyPolicyQueryKey = (language: Language) => ['privacy-policy', language] as const;

/** GET /api/privacy-policy?language=…: public; the Markdown of one language, `{email}` still in it, and its HTML drawn by the server. */
export function getPrivacyPolicy(language: Language, signal?: AbortSignal): Promise<PrivacyPolicy> {
  return apiClient.get(`/api/privacy-policy?language=${encodeURIComponent(language)}`, { schema: privacyPolicySchema, signal });
}

export const privacyPolicyQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: privacyPolicyQueryKey(language),
    queryFn: ({ signal }) => getPrivacyPolicy(language, signal),
    staleTime: 5 * 60 * 1000,
  });

export function usePrivacyPolicy(language: Language) {
  return useQuery(privacyPolicyQueryOptions(language));
}
