import type { AdminSettings } from '@shared/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { adminSettingsQueryKey } from './get-admin-settings';

/** DELETE /api/admin/settings/agent-avatar: the agent goes back to its initial; the file is removed. 204. */
export function removeAgentAvatar(): Promise<void> {
  return apiClient.delete('/api/admin/settings/agent-avatar');
}

export function useRemoveAgentAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAgentAvatar,
    onSuccess: () => {
      queryClient.setQueryData<AdminSettings>(adminSettingsQueryKey, (settings) => (settings ? { ...settings, agentAvatarUrl: null } : settings));
      void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey }),
  });
}
