import { REMINDER_SUBJECT_MAX, type AdminSettings } from '@shared/contracts/admin';
import { REMINDER_FALLBACK_NAME } from '@shared/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsSection } from './settings-section';
import { TextArea } from './text-area';

/** The placeholder the server replaces with each person's first name (src/server/modules/reminders/emails.ts). */
const FIRST_NAME_PLACEHOLDER = '{first_name}';

/** The reminder e-mail per language: subject and HTML body, saved in settings; the first-name placeholder falls back to "User". */
export function ReminderTemplatesForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['reminderSubjectEn', 'reminderBodyEn', 'reminderSubjectFr', 'reminderBodyFr'],
    messages: { saved: 'admin:templates.saved', failed: 'admin:templates.saveFailed' },
    toastId: 'admin-templates',
  });

  return (
    <SettingsSection
      title={t('templates.title')}
      description={t('templates.description', { placeholder: FIRST_NAME_PLACEHOLDER, fallback: REMINDER_FALLBACK_NAME })}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={dirty}
      onDiscard={discard}
      testId="admin-reminder-templates"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        {(['En', 'Fr'] as const).map((suffix) => (
          <div key={suffix} className="min-w-0 space-y-4">
            <h3 className="text-sm font-semibold tracking-[0.08em] text-ink-muted uppercase">{t(`templates.language${suffix}`)}</h3>
            <FormField id={`${id}-subject-${suffix}`} label={t(`templates.subject${suffix}`)} error={fieldError(`reminderSubject${suffix}`)}>
              <Input type="text" autoComplete="off" maxLength={REMINDER_SUBJECT_MAX} lang={suffix.toLowerCase()} {...register(`reminderSubject${suffix}`)} />
            </FormField>
            <FormField id={`${id}-body-${suffix}`} label={t(`templates.body${suffix}`)} error={fieldError(`reminderBody${suffix}`)}>
              <TextArea rows={8} spellCheck={false} lang={suffix.toLowerCase()} className="font-mono text-sm" {...register(`reminderBody${suffix}`)} />
            </FormField>
          </div>
        ))}
      </div>
    </SettingsSection>
  );
}
