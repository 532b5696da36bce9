import { AVATAR_FIELD, avatarResponseSchema, type AvatarResponse, type MeResponse } from '@shared/contracts/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';

interface UploadOptions {
  /** Bytes sent so far, when the browser knows the total (not every browser reports it). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/me/avatar as multipart/form-data. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which drives the progress bar. Refusals become the same ApiError as every other call.
 */
export function uploadAvatar(file: File, { onProgress, signal }: UploadOptions = {}): Promise<AvatarResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/me/avatar');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      void (async () => {
        // Read through a Response so the error body is parsed exactly as fetch answers are.
        const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
        if (!response.ok) return reject(await toApiError(response));
        try {
          resolve(avatarResponseSchema.parse(await response.json()));
        } catch {
          reject(new ApiError(0, 'NETWORK', 'Unreadable answer'));
        }
      })();
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append(AVATAR_FIELD, file);
    xhr.send(form);
  });
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
