import { AVATAR_FIELD, avatarResponseSchema, type AvatarResponse, type MeResponse } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@web/lib/api/get-me';
import { uploadFile, type UploadOptions } from '@web/lib/upload-file';

/** POST /api/me/avatar (multipart, field `avatar`): the server checks, re-encodes and stores the picture. */
export function uploadAvatar(file: File, options: UploadOptions = {}): Promise<AvatarResponse> {
  return uploadFile('/api/me/avatar', AVATAR_FIELD, file, avatarResponseSchema, options);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File } & UploadOptions) => uploadAvatar(file, { onProgress }),
    // The header's avatar reads "me": the new picture shows there the moment the server accepts it.
    onSuccess: ({ avatarUrl }) => {
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? { ...me, profile: { ...me.profile, avatarUrl } } : me));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
