import { GALLERY_YEAR_MIN } from '@shared/limits';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageTitle } from '@web/lib/page-head';
import { useTimeZone } from '@web/lib/time-zone';
import { useMoodYear } from '../api/get-mood-year';
import { YearCalendar } from '../components/year-calendar';

/** This year in the person's time zone. */
const thisYearIn = (tz: string) => Number(new Intl.DateTimeFormat('en', { timeZone: tz, year: 'numeric' }).format(new Date()));

/** /home/memories/year?year=2026 — the mood of a year: a mark for each day with a memory, coloured by its mood. */
export function MoodYearPage() {
  const { t } = useTranslation('recollections');
  const tz = useTimeZone();
  const [params] = useSearchParams();
  const latest = thisYearIn(tz);
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= GALLERY_YEAR_MIN && asked <= latest ? asked : latest;
  usePageTitle(t('year.pageTitle', { year }));
  const moodYear = useMoodYear(year, tz);

  let body;
  if (moodYear.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 text-ink-muted">
        <Spinner className="size-5" />
        {t('year.loading')}
      </p>
    );
  } else if (moodYear.isError) {
    body = (
      <div role="alert" className="space-y-3">
        <p className="text-ink">{t('year.error')}</p>
        <Button variant="secondary" pending={moodYear.isFetching} onClick={() => void moodYear.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        <p data-testid="year-count" className="text-ink-muted">
          {moodYear.data.days.length > 0 ? t('year.count', { count: moodYear.data.days.length }) : t('year.empty')}
        </p>
        <YearCalendar key={year} year={year} days={moodYear.data.days} />
      </div>
    );
  }

  return (
    <div data-testid="mood-year" className="w-full space-y-8">
      <header className="space-y-3">
        <p>
          <Link to="/home/memories" className="text-sm text-ink-muted underline underline-offset-2">
            {t('year.backToGallery')}
          </Link>
        </p>
        <h1 className="text-4xl font-medium sm:text-5xl">{t('year.title', { year })}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('year.intro')}</p>
        <nav aria-label={t('year.yearsLabel')} className="flex items-center gap-3">
          {year > GALLERY_YEAR_MIN ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={{ search: `?year=${year - 1}` }}>
                <ChevronLeft aria-hidden="true" />
                {year - 1}
              </Link>
            </Button>
          ) : null}
          {year < latest ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={{ search: `?year=${year + 1}` }}>
                {year + 1}
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </nav>
      </header>
      {body}
    </div>
  );
}
