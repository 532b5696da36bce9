import { DAILY_LIMIT_MAX, type AdminSettings } from '@shared/contracts/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { numberOrZero, useSettingsForm } from '../hooks/use-settings-form';
import { SettingsSection } from './settings-section';

/** Usage Limits: how many memories each person may create a day (at least 0; unreadable input counts as 0). */
export function UsageLimitsTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['dailyGenerationLimit'],
    toastId: 'admin-limits',
  });

  return (
    <SettingsSection
      title={t('limits.title')}
      description={t('limits.description')}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={dirty}
      onDiscard={discard}
      testId="admin-usage-limits"
    >
      <FormField id={`${id}-daily`} label={t('limits.daily')} hint={t('limits.dailyHint')} error={fieldError('dailyGenerationLimit')} className="sm:max-w-xs">
        <Input type="number" inputMode="numeric" min={0} max={DAILY_LIMIT_MAX} step={1} {...register('dailyGenerationLimit', { setValueAs: numberOrZero })} />
      </FormField>
    </SettingsSection>
  );
}
