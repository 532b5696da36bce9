import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useOnThisDay, useSetOnThisDay } from '@web/lib/api/get-on-this-day';
import { useTimeZone } from '@web/lib/time-zone';

/** The switch for "On This Day" on the home; the home's own link leads here (#on-this-day). */
export function OnThisDaySection() {
  const { t } = useTranslation('recollections');
  const onThisDay = useOnThisDay(useTimeZone());
  const change = useSetOnThisDay();
  const enabled = change.isPending ? change.variables.enabled : onThisDay.data?.enabled;

  return (
    <Card id="on-this-day" role="region" aria-labelledby="on-this-day-title">
      <CardHeader>
        <CardTitle id="on-this-day-title">{t('onThisDay.settingTitle')}</CardTitle>
        <CardDescription>{t('onThisDay.settingDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <label className="flex items-start gap-3 text-ink">
          <input
            type="checkbox"
            data-testid="on-this-day-switch"
            checked={enabled ?? true}
            disabled={enabled === undefined}
            onChange={(event) => change.mutate({ enabled: event.target.checked }, { onError: () => toast.error(t('onThisDay.saveError'), { id: 'on-this-day' }) })}
            className="mt-1 size-4 accent-[var(--color-accent)]"
          />
          {t('onThisDay.settingLabel')}
        </label>
      </CardContent>
    </Card>
  );
}
