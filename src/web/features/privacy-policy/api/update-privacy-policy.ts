import { privacyPolicySchema, privacyPolicyUpdateSchema, type PrivacyPolicy, type PrivacyPolicyUpdate } from '@shared/contracts/privacy';
import type { Language } from '@shared/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { privacyPolicyQueryKey } from './get-privacy-policy';

export { privacyPolicyUpdateSchema };

/**
 * PUT /api/admin/privacy-policy/{language}: an administrator replaces the text of one language (403 FORBIDDEN
 * for anyone else — the server decides, whatever the page shows). Answers the policy as it is now.
 */
export function updatePrivacyPolicy(language: Language, update: PrivacyPolicyUpdate): Promise<PrivacyPolicy> {
  return apiClient.put(`/api/admin/privacy-policy/${encodeURIComponent(language)}`, privacyPolicyUpdateSchema.parse(update), {
    schema: privacyPolicySchema,
  });
}

export function useUpdatePrivacyPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, update }: { language: Language; update: PrivacyPolicyUpdate }) => updatePrivacyPolicy(language, update),
    // The saved text shows as soon as the editor closes; the refetch below only confirms it.
    onSuccess: (policy) => queryClient.setQueryData(privacyPolicyQueryKey(policy.language), policy),
    onSettled: (_data, _error, { language }) => queryClient.invalidateQueries({ queryKey: privacyPolicyQueryKey(language) }),
  });
}
