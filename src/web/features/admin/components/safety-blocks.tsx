import { SAFETY_REFERRAL_DAYS, type AdminSafetyResponse } from '@shared/contracts/safety';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { useDateFormat } from '@web/lib/date-format';
import { useAdminSafety } from '../api/get-admin-safety';
import { LoadFailedCard } from './load-failed-card';

/** Loading, or failing to load, GET /api/admin/safety: the same calm card for both blocks. */
function SafetyQueryState({ query, loading, failed }: { query: ReturnType<typeof useAdminSafety>; loading: string; failed: string }) {
  if (query.isPending) return <PageSpinner label={loading} className="min-h-32" />;
  return <LoadFailedCard message={failed} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
}

/**
 * Under the chat prompts: the safety instructions every AI provider receives after them. Shown so that
 * administrators know what their prompt is combined with; no setting can change or remove them.
 */
export function SafetyInstructions() {
  const { t } = useTranslation('admin');
  const id = useId();
  const query = useAdminSafety();
  if (!query.data) return <SafetyQueryState query={query} loading={t('prompt.safety.loading')} failed={t('prompt.safety.loadFailed')} />;
  const { instructions } = query.data;

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-safety-instructions">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Lock aria-hidden="true" className="size-5 text-ink-muted" />
          {t('prompt.safety.title')}
        </CardTitle>
        <CardDescription>{t('prompt.safety.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {(['en', 'fr'] as const).map((language) => (
          <section key={language} aria-labelledby={`${id}-${language}`} className="space-y-1.5">
            <h3 id={`${id}-${language}`} className="font-sans text-sm font-medium text-ink">
              {t(`prompt.safety.${language}`)}
            </h3>
            <p
              lang={language}
              data-testid={`admin-safety-instructions-${language}`}
              className="max-h-80 overflow-y-auto rounded-md border border-line bg-sand/50 px-3.5 py-2.5 text-sm leading-relaxed whitespace-pre-wrap text-ink"
              // Long instructions scroll: the keyboard must reach them too.
              tabIndex={0}
            >
              {instructions[language]}
            </p>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}

type Referral = AdminSafetyResponse['referrals'][number];

/** The Global tab's crisis referrals: how often the helplines were shown, per day, language and country. Counts only. */
export function CrisisReferrals() {
  const { t } = useTranslation(['admin', 'safety']);
  const id = useId();
  const query = useAdminSafety();
  const formatDay = useDateFormat('mediumDay');

  if (!query.data) {
    return <SafetyQueryState query={query} loading={t('admin:global.referrals.loading')} failed={t('admin:global.referrals.loadFailed')} />;
  }
  const rows = [...query.data.referrals].sort(byNewestDay);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const days = SAFETY_REFERRAL_DAYS;

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-crisis-referrals">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('admin:global.referrals.title', { days })}</CardTitle>
        <CardDescription>{t('admin:global.referrals.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {rows.length === 0 ? (
          <p className="text-ink-muted" data-testid="admin-crisis-referrals-empty">
            {t('admin:global.referrals.empty', { days })}
          </p>
        ) : (
          <>
            <p className="font-medium text-ink" data-testid="admin-crisis-referrals-total">
              {t('admin:global.referrals.total', { count: total, days })}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('admin:global.referrals.title', { days })}</caption>
                <thead>
                  <tr className="border-b border-line text-ink-muted">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin:global.referrals.day')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin:global.referrals.language')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('admin:global.referrals.country')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('admin:global.referrals.count')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.day}-${row.language}-${row.country}`} className="border-b border-line last:border-0">
                      <th scope="row" className="py-2.5 pr-4 font-medium whitespace-nowrap text-ink">
                        <time dateTime={row.day}>{formatDay(row.day)}</time>
                      </th>
                      <td className="py-2.5 pr-4 text-ink">{t(`admin:global.referrals.languages.${row.language}`)}</td>
                      <td className="py-2.5 pr-4 text-ink">{t(`safety:country.names.${row.country}`)}</td>
                      <td className="py-2.5 text-right text-ink tabular-nums">{row.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Newest day first; within a day, by language then country, so the table reads the same on every visit. */
function byNewestDay(a: Referral, b: Referral): number {
  return b.day.localeCompare(a.day) || a.language.localeCompare(b.language) || a.country.localeCompare(b.country);
}
