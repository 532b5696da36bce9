import { aiProviderUpdateSchema, aiSettingsSchema, type AiCapability, type AiProviderUpdate, type AiSettings } from '@shared/contracts/ai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { adminSettingsQueryKey } from './get-admin-settings';
import { aiSettingsQueryKey } from './get-ai-settings';

export { aiProviderUpdateSchema };

/** PUT /api/admin/ai/:capability: one capability's provider, used from the next request on. Answers every capability. */
export function updateAiProvider({ capability, update }: { capability: AiCapability; update: AiProviderUpdate }): Promise<AiSettings> {
  return apiClient.put(`/api/admin/ai/${capability}`, aiProviderUpdateSchema.parse(update), { schema: aiSettingsSchema });
}

export function useUpdateAiProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiProvider,
    onSuccess: (settings) => {
      queryClient.setQueryData(aiSettingsQueryKey, settings);
      // The Global tab's provider list, and the chat's microphone and disclosure, follow at once.
      void queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiSettingsQueryKey }),
  });
}
