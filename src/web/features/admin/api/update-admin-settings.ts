import { adminSettingsSchema, adminSettingsUpdateSchema, type AdminSettings, type AdminSettingsUpdate } from '@shared/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { publicConfigQueryKey } from '@web/lib/api/get-public-config';
import { adminSettingsQueryKey } from './get-admin-settings';

export { adminSettingsUpdateSchema };

/** PATCH /api/admin/settings: the fields of one tab (the server refuses unknown ones); answers every setting as saved. */
export function updateAdminSettings(update: AdminSettingsUpdate): Promise<AdminSettings> {
  return apiClient.patch('/api/admin/settings', update, { schema: adminSettingsSchema });
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminSettingsQueryKey, settings);
      // The agent's name and the daily limit show on the chat and home screens: they follow at once.
      void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
      // So does the French gender of the companion, which every page reads from the public configuration.
      void queryClient.invalidateQueries({ queryKey: publicConfigQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSettingsQueryKey }),
  });
}
