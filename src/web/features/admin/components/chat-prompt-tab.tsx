import type { AdminSettings } from '@shared/contracts/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/ui/form-field';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SafetyInstructions } from './safety-blocks';
import { SettingsSection } from './settings-section';
import { TextArea } from './text-area';
import { useAgentGenderContext } from '@web/lib/agent-gender';

/**
 * Chat Prompt: what the agent is told before every conversation, per language (a prompt may never be empty), and
 * beneath it, read-only, the safety instructions the server always adds after it.
 */
export function ChatPromptTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const context = useAgentGenderContext();
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['chatPrompt', 'chatPromptFr'],
    toastId: 'admin-chat-prompt',
  });

  return (
    <div className="space-y-6">
      <SettingsSection
        title={t('prompt.title')}
        description={t('prompt.description', { context })}
        onSubmit={() => void onSubmit()}
        saving={saving}
        dirty={dirty}
        onDiscard={discard}
        testId="admin-chat-prompt"
      >
        <FormField id={`${id}-en`} label={t('prompt.en')} error={fieldError('chatPrompt')}>
          <TextArea rows={10} lang="en" spellCheck {...register('chatPrompt')} />
        </FormField>
        <FormField id={`${id}-fr`} label={t('prompt.fr')} error={fieldError('chatPromptFr')}>
          <TextArea rows={10} lang="fr" spellCheck {...register('chatPromptFr')} />
        </FormField>
      </SettingsSection>
      <SafetyInstructions />
    </div>
  );
}
