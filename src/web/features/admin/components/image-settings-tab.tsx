import type { AdminSettings } from '@shared/contracts/admin';
import { Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsSection } from './settings-section';
import { TextArea } from './text-area';

/** The qualities the server accepts (adminSettingsUpdateSchema.imageQuality). */
const QUALITIES = ['standard', 'hd', 'low', 'medium', 'high', 'auto'] as const;

/**
 * Image Settings: the prompts that turn a conversation into artwork, per language, and the size and
 * quality asked of the image provider.
 */
export function ImageSettingsTab({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const { register, onSubmit, fieldError, saving, dirty, discard } = useSettingsForm(settings, {
    fields: ['imagePrompt', 'imagePromptFr', 'summaryPrompt', 'summaryPromptFr', 'imageSize', 'imageQuality'],
    toastId: 'admin-images',
  });

  return (
    <SettingsSection
      title={t('images.title')}
      description={t('images.description')}
      onSubmit={() => void onSubmit()}
      saving={saving}
      dirty={dirty}
      onDiscard={discard}
      testId="admin-image-settings"
    >
      <FormField id={`${id}-summary-en`} label={t('images.summaryEn')} hint={t('images.summaryHint')} error={fieldError('summaryPrompt')}>
        <TextArea rows={6} lang="en" spellCheck {...register('summaryPrompt')} />
      </FormField>
      <FormField id={`${id}-summary-fr`} label={t('images.summaryFr')} error={fieldError('summaryPromptFr')}>
        <TextArea rows={6} lang="fr" spellCheck {...register('summaryPromptFr')} />
      </FormField>
      <FormField id={`${id}-image-en`} label={t('images.imageEn')} hint={t('images.imageHint')} error={fieldError('imagePrompt')}>
        <TextArea rows={4} lang="en" spellCheck {...register('imagePrompt')} />
      </FormField>
      <FormField id={`${id}-image-fr`} label={t('images.imageFr')} error={fieldError('imagePromptFr')}>
        <TextArea rows={4} lang="fr" spellCheck {...register('imagePromptFr')} />
      </FormField>

      <div className="space-y-4 rounded-md border border-line bg-sand/50 p-4">
        <p className="flex items-start gap-2 text-sm leading-relaxed text-ink-muted">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>{t('images.providerNote', { provider: settings.providers.image })}</span>
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={`${id}-size`} label={t('images.size')} hint={t('images.sizeHint')} error={fieldError('imageSize')}>
            <Input type="text" autoComplete="off" spellCheck={false} {...register('imageSize')} />
          </FormField>
          <FormField id={`${id}-quality`} label={t('images.quality')} error={fieldError('imageQuality')}>
            <Select {...register('imageQuality')}>
              {QUALITIES.map((quality) => (
                <option key={quality} value={quality}>
                  {t(`images.qualities.${quality}`)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      </div>
    </SettingsSection>
  );
}
