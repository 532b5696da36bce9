import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  onSubmit: () => void;
  saving: boolean;
  /** Nothing changed: nothing to save (the button rests disabled). */
  dirty: boolean;
  onDiscard?: () => void;
  saveLabel?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * One card of a tab, one form, one Save: the button wakes up only when something changed, and is locked
 * (with the whole form) while the change is on its way.
 */
export function SettingsSection({ title, description, onSubmit, saving, dirty, onDiscard, saveLabel, testId, children }: SettingsSectionProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid={testId}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby={`${id}-title`}
          aria-busy={saving || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <fieldset disabled={saving} className="min-w-0 space-y-5">
            {children}
            <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
              {onDiscard && dirty ? (
                <Button variant="ghost" onClick={onDiscard}>
                  {t('settings.discard')}
                </Button>
              ) : null}
              <Button type="submit" pending={saving} disabled={!dirty}>
                {saving ? t('settings.saving') : (saveLabel ?? t('settings.save'))}
              </Button>
            </div>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
