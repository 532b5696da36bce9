import { agentAvatarResponseSchema } from '@shared/contracts/admin';
import type { AdminSettings } from '@shared/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { uploadFile, type UploadOptions } from '@web/lib/upload-file';
import { adminSettingsQueryKey } from './get-admin-settings';

/** The multipart field the server reads (src/server/modules/reminders/routes.ts). */
const AGENT_AVATAR_FIELD = 'avatar';

/** POST /api/admin/settings/agent-avatar (multipart): refusals (413 too large, 415 not an image) become the usual ApiError. */
export function uploadAgentAvatar(file: File, options: UploadOptions = {}): Promise<{ agentAvatarUrl: string }> {
  return uploadFile('/api/admin/settings/agent-avatar', AGENT_AVATAR_FIELD, file, agentAvatarResponseSchema, options);
}

export function useUploadAgentAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File } & UploadOptions) => uploadAgentAvatar(file, { onProgress }),
    onSuccess: ({ agentAvatarUrl }) => {
      queryClient.setQueryData<AdminSettings>(adminSettingsQueryKey, (settings) => (settings ? { ...settings, agentAvatarUrl } : settings));
      // The chat shows the agent's picture beside every reply.
      void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey }),
  });
}
