import { AGENT_NAME_MAX, type AdminSettings } from '@shared/contracts/admin';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX } from '@shared/limits';
import type { TFunction } from 'i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { useRemoveAgentAvatar } from '../api/remove-agent-avatar';
import { useUploadAgentAvatar } from '../api/upload-agent-avatar';
import { useSettingsForm } from '../hooks/use-settings-form';
import { useUploadProgress } from '@web/lib/use-upload-progress';
import { SettingsSection } from './settings-section';

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** Agent Identity: the companion's name in each language and its picture, as the chat shows them. */
export function AgentIdentityTab({ settings }: { settings: AdminSettings }) {
  return (
    <div className="space-y-6">
      <AgentNamesForm settings={settings} />
      <AgentAvatarSection settings={settings} />
    </div>
  );
}

function AgentNamesForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['agentName', 'agentNameFr'],
    toastId: 'admin-agent-name',
  });

  return (
    <SettingsSection
      title={t('agent.namesTitle')}
      description={t('agent.namesDescription')}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={dirty}
      onDiscard={discard}
      testId="admin-agent-names"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-en`} label={t('agent.nameEn')} error={fieldError('agentName')}>
          <Input type="text" autoComplete="off" maxLength={AGENT_NAME_MAX} lang="en" {...register('agentName')} />
        </FormField>
        <FormField id={`${id}-fr`} label={t('agent.nameFr')} error={fieldError('agentNameFr')}>
          <Input type="text" autoComplete="off" maxLength={AGENT_NAME_MAX} lang="fr" {...register('agentNameFr')} />
        </FormField>
      </div>
    </SettingsSection>
  );
}

/** Why a picture was refused, in words the administrator can act on. */
function uploadFailure(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return t('admin:agent.avatar.tooLarge', { max: MAX_MB });
  if (error instanceof ApiError && error.status === 415) return t('admin:agent.avatar.notImage');
  return t('admin:agent.avatar.uploadFailed', { message: errorMessage(t, error) });
}

/**
 * The agent's picture: shown as the chat shows it (or its initial), replaced through the file picker
 * with the spec's progress bar. Over 2 MB or plainly not an image is refused before anything is sent;
 * the server checks the content again and re-encodes it.
 */
function AgentAvatarSection({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const progress = useUploadProgress();
  const upload = useUploadAgentAvatar();
  const remove = useRemoveAgentAvatar();
  const busy = upload.isPending || remove.isPending;
  const url = settings.agentAvatarUrl;
  const initial = (Array.from(settings.agentName.trim())[0] ?? '?').toUpperCase();

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied at once, so choosing the same file again (after a refusal) still counts as a choice.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) return setProblem(t('admin:agent.avatar.notImage'));
    if (file.size > AVATAR_MAX_BYTES) return setProblem(t('admin:agent.avatar.tooLarge', { max: MAX_MB }));
    setProblem(null);
    progress.start();
    upload.mutate(
      { file, onProgress: progress.report },
      {
        onSuccess: () => {
          progress.complete();
          toast.success(t('admin:agent.avatar.updated'), { id: 'admin-agent-avatar' });
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
      onSuccess: () => toast.success(t('admin:agent.avatar.removed'), { id: 'admin-agent-avatar' }),
      onError: (error) => setProblem(t('admin:agent.avatar.removeFailed', { message: errorMessage(t, error) })),
    });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-agent-avatar">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('admin:agent.avatar.title')}</CardTitle>
        <CardDescription>{t('admin:agent.avatar.description', { size: AVATAR_SIZE_PX, max: MAX_MB })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <figure className="shrink-0">
          {url ? (
            <img src={url} alt={t('admin:agent.avatar.current')} data-testid="admin-agent-avatar-image" className="size-24 rounded-full object-cover shadow-soft" />
          ) : (
            <Avatar source={{ kind: 'initials', text: initial }} fallbackText={initial} className="size-24 text-3xl shadow-soft" />
          )}
          <figcaption className="sr-only">{url ? t('admin:agent.avatar.current') : t('admin:agent.avatar.none')}</figcaption>
        </figure>
        <div className="min-w-0 flex-1 space-y-3">
          <input ref={input} type="file" accept="image/*" hidden aria-label={t('admin:agent.avatar.fileLabel')} data-testid="admin-agent-avatar-input" onChange={onChosen} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" pending={upload.isPending} disabled={busy} onClick={() => input.current?.click()}>
              {upload.isPending ? null : <ImageUp aria-hidden="true" />}
              {upload.isPending ? t('admin:agent.avatar.uploading') : t('admin:agent.avatar.change')}
            </Button>
            {url ? (
              <Button variant="ghost" className="text-danger hover:bg-danger-soft" pending={remove.isPending} disabled={busy} onClick={onRemove}>
                {remove.isPending ? null : <Trash2 aria-hidden="true" />}
                {t('admin:agent.avatar.remove')}
              </Button>
            ) : null}
          </div>
          {progress.value !== null ? (
            <div
              role="progressbar"
              aria-label={t('admin:agent.avatar.progressLabel')}
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
