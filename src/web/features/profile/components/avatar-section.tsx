import type { MeResponse } from '@shared/contracts/me';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@shared/limits';
import type { TFunction } from 'i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';
import { getAvatarSource } from '@web/lib/avatar-source';
import { errorMessage } from '@web/lib/error-message';
import { useRemoveAvatar } from '../api/remove-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { useUploadProgress } from '@web/lib/use-upload-progress';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** Why a picture was refused, in words the person can act on. */
function uploadFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return t('profile:avatar.tooLarge', { max: MAX_MB });
  if (error instanceof ApiError && error.status === 415) return t('profile:avatar.notImage');
  return t('profile:avatar.uploadFailed', { message: errorMessage(t, error) });
}

/**
 * The profile picture (spec §2 "Profile"): shown as the header shows it (profile picture, then the
 * sign-in provider's, then initials), changed through the file picker with the spec's progress bar.
 * Files over 2 MB or that are plainly not images are refused here, before anything is sent; the server
 * checks the content again (a text file named .png is refused there).
 */
export function AvatarSection({ me }: { me: MeResponse }) {
  const { t } = useTranslation(['profile', 'errors']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const progress = useUploadProgress();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  const source = getAvatarSource({ profileAvatarUrl: me.profile.avatarUrl, userImage: me.user.image, firstName: me.profile.firstName, email: me.user.email });
  const initials = getAvatarSource({ firstName: me.profile.firstName, email: me.user.email });

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied at once, so choosing the same file again (after a refusal) still counts as a choice.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) return setProblem(t('profile:avatar.notImage'));
    if (file.size > AVATAR_MAX_BYTES) return setProblem(t('profile:avatar.tooLarge', { max: MAX_MB }));
    setProblem(null);
    progress.start();
    upload.mutate(
      { file, onProgress: progress.report },
      {
        onSuccess: () => {
          progress.complete();
          toast.success(t('profile:avatar.updated'), { id: 'profile-avatar' });
        },
        onError: (error) => {
          progress.fail();
          setProblem(uploadFailure(t, error));
        },
      },
    );
  };

  const onRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('profile:avatar.removed'), { id: 'profile-avatar' }),
      onError: (error) => setProblem(t('profile:avatar.removeFailed', { message: errorMessage(t, error) })),
    });
  };

  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('profile:avatar.title')}</CardTitle>
        <CardDescription>{t('profile:avatar.description', { size: AVATAR_SIZE_PX, max: MAX_MB })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <figure className="shrink-0">
          <Avatar source={source} fallbackText={initials.kind === 'initials' ? initials.text : '?'} className="size-24 text-3xl shadow-soft" />
          <figcaption className="sr-only">{t('profile:avatar.current')}</figcaption>
        </figure>
        <div className="min-w-0 flex-1 space-y-3">
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('profile:avatar.fileLabel')}
            data-testid="avatar-file-input"
            onChange={onChosen}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" pending={upload.isPending} disabled={busy} onClick={() => input.current?.click()}>
              {upload.isPending ? null : <ImageUp aria-hidden="true" />}
              {upload.isPending ? t('profile:avatar.uploading') : t('profile:avatar.change')}
            </Button>
            {me.profile.avatarUrl ? (
              <Button variant="ghost" className="text-danger hover:bg-danger-soft" pending={remove.isPending} disabled={busy} onClick={onRemove}>
                {remove.isPending ? null : <Trash2 aria-hidden="true" />}
                {t('profile:avatar.remove')}
              </Button>
            ) : null}
          </div>
          {progress.value !== null ? (
            <div
              role="progressbar"
              aria-label={t('profile:avatar.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.value}
              className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-sand"
            >
              <div className="h-full rounded-full bg-accent transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${progress.value}%` }} />
            </div>
          ) : null}
          {/* Kept in the page so a refusal is announced the moment it appears. */}
          <p role="alert" className={problem ? 'text-sm font-medium text-danger' : 'sr-only'}>
            {problem}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
