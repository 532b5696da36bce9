import { AGENT_NAME_MAX, type AdminSettings } from '@shared/contracts/admin';
import { AGENT_GENDERS } from '@shared/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PicturePicker } from '@web/components/picture-picker';
import { Avatar } from '@web/components/ui/avatar';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useRemoveAgentAvatar } from '../api/remove-agent-avatar';
import { useUploadAgentAvatar } from '../api/upload-agent-avatar';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsSection } from './settings-section';
import { useAgentGenderContext } from '@web/lib/agent-gender';

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
  const context = useAgentGenderContext();
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['agentName', 'agentNameFr', 'agentGenderFr'],
    toastId: 'admin-agent-name',
  });

  return (
    <SettingsSection
      title={t('agent.namesTitle')}
      description={t('agent.namesDescription', { context })}
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
        {/* Beside the French name: French agrees words with it ("la compagne", "je suis contente"). */}
        <FormField id={`${id}-gender-fr`} label={t('agent.genderFr')} hint={t('agent.genderFrHint')} error={fieldError('agentGenderFr')} className="sm:col-start-2">
          <Select {...register('agentGenderFr')}>
            {AGENT_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`agent.genders.${gender}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </SettingsSection>
  );
}

/** The agent's picture: shown as the chat shows it (or its initial), replaced through the file picker. */
function AgentAvatarSection({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const upload = useUploadAgentAvatar();
  const remove = useRemoveAgentAvatar();
  const url = settings.agentAvatarUrl;
  const initial = (Array.from(settings.agentName.trim())[0] ?? '?').toUpperCase();

  return (
    <PicturePicker
      texts="admin:agent.avatar"
      hasPicture={Boolean(url)}
      upload={upload}
      remove={remove}
      toastId="admin-agent-avatar"
      testId="admin-agent-avatar"
      inputTestId="admin-agent-avatar-input"
      preview={
        <figure className="shrink-0">
          {url ? (
            <img src={url} alt={t('agent.avatar.current')} data-testid="admin-agent-avatar-image" className="size-24 rounded-full object-cover shadow-soft" />
          ) : (
            <Avatar source={{ kind: 'initials', text: initial }} fallbackText={initial} className="size-24 text-3xl shadow-soft" />
          )}
          <figcaption className="sr-only">{url ? t('agent.avatar.current') : t('agent.avatar.none')}</figcaption>
        </figure>
      }
    />
  );
}
