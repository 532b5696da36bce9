import { AVATAR_FIELD } from '@shared/contracts/me';
import { AVATAR_INPUT_MAX_SIDE_PX, AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@shared/limits';
import type { UseMutationResult } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import type { UploadOptions } from '@web/lib/upload-file';
import { useUploadProgress } from '@web/lib/use-upload-progress';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

export interface PicturePickerProps {
  /**
   * Where its texts live, e.g. `profile:avatar`: the same keys under each (title, description, change, uploading,
   * remove, fileLabel, progressLabel, updated, removed, tooLarge, notImage, uploadFailed, removeFailed).
   */
  texts: string;
  /** The picture as it is now (or its stand-in). */
  preview: ReactNode;
  hasPicture: boolean;
  upload: UseMutationResult<unknown, Error, { file: File } & UploadOptions>;
  remove: UseMutationResult<unknown, Error, void>;
  toastId: string;
  testId?: string;
  inputTestId?: string;
}

/**
 * A picture chosen through the file picker (a person's profile picture, the companion's), with the spec's
 * progress bar. Over 2 MB or plainly not an image is refused here, before anything is sent; the server checks
 * the content again and re-encodes it.
 */
export function PicturePicker({ texts, preview, hasPicture, upload, remove, toastId, testId, inputTestId }: PicturePickerProps) {
  // The texts' own namespace, so the picker waits for it like the page does.
  const { t } = useTranslation([texts.split(':')[0] ?? 'common', 'errors', 'validation']);
  const text = (key: string, values?: Record<string, unknown>) => t(`${texts}.${key}`, values);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const progress = useUploadProgress();
  const busy = upload.isPending || remove.isPending;

  /** Why a picture was refused, in words the person can act on. */
  const uploadFailure = (error: unknown) => {
    if (error instanceof ApiError && error.fields?.[AVATAR_FIELD]?.includes('validation.avatarTooManyPixels')) {
      return t('validation:avatarTooManyPixels', { max: AVATAR_INPUT_MAX_SIDE_PX });
    }
    if (error instanceof ApiError && error.status === 413) return text('tooLarge', { max: MAX_MB });
    if (error instanceof ApiError && error.status === 415) return text('notImage');
    return text('uploadFailed', { message: errorMessage(t, error) });
  };

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied at once, so choosing the same file again (after a refusal) still counts as a choice.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) return setProblem(text('notImage'));
    if (file.size > AVATAR_MAX_BYTES) return setProblem(text('tooLarge', { max: MAX_MB }));
    setProblem(null);
    progress.start();
    upload.mutate(
      { file, onProgress: progress.report },
      {
        onSuccess: () => {
          progress.complete();
          toast.success(text('updated'), { id: toastId });
        },
        onError: (error) => {
          progress.fail();
          setProblem(uploadFailure(error));
        },
      },
    );
  };

  const onRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast.success(text('removed'), { id: toastId }),
      onError: (error) => setProblem(text('removeFailed', { message: errorMessage(t, error) })),
    });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid={testId}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{text('title')}</CardTitle>
        <CardDescription>{text('description', { size: AVATAR_SIZE_PX, max: MAX_MB })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center">
        {preview}
        <div className="min-w-0 flex-1 space-y-3">
          <input ref={input} type="file" accept="image/*" hidden aria-label={text('fileLabel')} data-testid={inputTestId} onChange={onChosen} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" pending={upload.isPending} disabled={busy} onClick={() => input.current?.click()}>
              {upload.isPending ? null : <ImageUp aria-hidden="true" />}
              {upload.isPending ? text('uploading') : text('change')}
            </Button>
            {hasPicture ? (
              <Button variant="ghost" className="text-danger hover:bg-danger-soft" pending={remove.isPending} disabled={busy} onClick={onRemove}>
                {remove.isPending ? null : <Trash2 aria-hidden="true" />}
                {text('remove')}
              </Button>
            ) : null}
          </div>
          {progress.value !== null ? (
            <div
              role="progressbar"
              aria-label={text('progressLabel')}
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
