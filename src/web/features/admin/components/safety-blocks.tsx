import { SAFETY_REFERRAL_DAYS, SAFETY_REPORT_FIRST_YEAR, type AdminSafetyResponse } from '@shared/contracts/safety';
import { Download, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select } from '@web/components/ui/select';
import { PageSpinner } from '@web/components/ui/spinner';
import { useDateFormat } from '@web/lib/date-format';
import { useAdminSafety } from '../api/get-admin-safety';
import { safetyReportCsvUrl, useSafetyReport } from '../api/get-safety-report';
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

/**
 * The Global tab's yearly report: a chosen calendar year's referrals by month, with each month's counts per
 * language and country, and the same figures as a CSV download (what a yearly report to a regulator needs).
 */
export function YearlyReferralReport() {
  const { t } = useTranslation(['safety', 'admin']);
  const id = useId();
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const query = useSafetyReport(year);
  const formatMonth = useDateFormat('month');
  const years = Array.from({ length: thisYear - SAFETY_REPORT_FIRST_YEAR + 1 }, (_, index) => thisYear - index);

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-referral-report">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{t('safety:report.title')}</CardTitle>
        <CardDescription>{t('safety:report.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <label htmlFor={`${id}-year`} className="block text-sm font-medium text-ink">
              {t('safety:report.year')}
            </label>
            <Select id={`${id}-year`} value={String(year)} className="h-11 w-32" onChange={(event) => setYear(Number(event.target.value))}>
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </div>
          {/* A plain link: the browser downloads the file with the session cookie, named by the server. */}
          <a href={safetyReportCsvUrl(year)} download className={buttonVariants({ variant: 'secondary', size: 'md' })}>
            <Download aria-hidden="true" />
            {t('safety:report.download', { year })}
          </a>
        </div>
        {!query.data ? (
          query.isPending ? (
            <PageSpinner label={t('safety:report.loading')} className="min-h-32" />
          ) : (
            <LoadFailedCard message={t('safety:report.loadFailed')} retrying={query.isFetching} onRetry={() => void query.refetch()} />
          )
        ) : (
          <>
            <p className="font-medium text-ink" data-testid="admin-referral-report-total">
              {t('safety:report.total', { count: query.data.total, year: query.data.year })}
            </p>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('safety:report.title')}</caption>
                <thead>
                  <tr className="border-b border-line text-ink-muted">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('safety:report.month')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('admin:global.referrals.count')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('safety:report.detail')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.months.map((month) => (
                    <tr key={month.month} className="border-b border-line last:border-0" data-month={month.month}>
                      <th scope="row" className="py-2.5 pr-4 font-medium whitespace-nowrap text-ink">
                        <time dateTime={month.month}>{formatMonth(`${month.month}-01`)}</time>
                      </th>
                      <td className="py-2.5 pr-4 text-right text-ink tabular-nums">{month.total}</td>
                      <td className="py-2.5 text-ink-muted">
                        {month.counts.length === 0
                          ? t('safety:report.none')
                          : month.counts
                              .map((row) => `${t(`admin:global.referrals.languages.${row.language}`)} · ${t(`safety:country.names.${row.country}`)}: ${row.count}`)
                              .join(', ')}
                      </td>
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
