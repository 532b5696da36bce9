import type { MeResponse } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';

/** DELETE /api/me/avatar: the uploaded picture and its file are removed (204); a Google picture shows again, else initials. */
export function removeAvatar(): Promise<void> {
  return apiClient.delete('/api/me/avatar');
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: () => {
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, profile: { ...me.profile, avatarUrl: null } } : me));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
