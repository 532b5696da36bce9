import { GALLERY_FILTERS, type GalleryFilter } from '@shared/contracts/memories';
import { GALLERY_YEAR_MIN } from '@shared/limits';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type To } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePageTitle } from '@web/lib/page-head';
import { useDateFormat } from '@web/lib/date-format';
import { useTimeZone } from '@web/lib/time-zone';
import { useGallery } from '../api/get-gallery';
import { useGalleryYears } from '../api/get-gallery-years';
import { BookDialog } from '../components/book-dialog';
import { GalleryPeriod } from '../components/gallery-period';
import { GalleryResults, type GalleryEmptyKind } from '../components/gallery-results';
import { KeptExhibitions } from '../components/kept-exhibitions';

/** The gallery's state, all of it in the address (?filter=favorites&year=2025&month=3&page=2). */
interface GalleryParams {
  filter: GalleryFilter;
  year?: number;
  month?: number;
  page: number;
}

function readInteger(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** Anything unexpected in the address (a typo, an old link) is treated as absent, never as an error. */
function readParams(search: URLSearchParams): GalleryParams {
  const filter = search.get('filter') === 'favorites' ? 'favorites' : 'all';
  const year = readInteger(search.get('year'), GALLERY_YEAR_MIN, 9999);
  // A month means nothing without its year.
  const month = year === undefined ? undefined : readInteger(search.get('month'), 1, 12);
  const page = readInteger(search.get('page'), 1, 1_000_000) ?? 1;
  return { filter, year, month, page };
}

/** The shortest address for a state: defaults are left out. */
function toSearch({ filter, year, month, page }: GalleryParams): string {
  const search = new URLSearchParams();
  if (filter !== 'all') search.set('filter', filter);
  if (year !== undefined) {
    search.set('year', String(year));
    if (month !== undefined) search.set('month', String(month));
  }
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** /home/memories — every memory, nine at a time, by favourites and by period. */
export function GalleryPage() {
  const { t } = useTranslation('gallery');
  usePageTitle(t('common:titles.memories'));
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search), [search]);
  const { filter, year, month, page } = params;
  const tz = useTimeZone();
  const gallery = useGallery({ filter, year, month, page, tz });
  const years = useGalleryYears(tz);
  const gridRef = useRef<HTMLUListElement>(null);

  const go = (next: GalleryParams, replace = false) => setSearch(toSearch(next), { replace });
  // A new filter or period starts again at page 1.
  const hrefFor = (target: number): To => ({ search: toSearch({ ...params, page: target }) });

  // A page past the last (an old link, a memory deleted elsewhere) goes back to page 1.
  const settled = gallery.data && !gallery.isPlaceholderData ? gallery.data : undefined;
  const beyondLastPage = settled !== undefined && settled.pageCount > 0 && page > settled.pageCount;
  useEffect(() => {
    if (beyondLastPage) setSearch(toSearch({ ...params, page: 1 }), { replace: true });
  }, [beyondLastPage, params, setSearch]);

  // After choosing a page, the reader lands at the top of the new one, and so does the keyboard focus.
  function onPage() {
    const grid = gridRef.current;
    if (!grid) return;
    grid.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    grid.focus({ preventScroll: true });
  }

  const formatMonth = useDateFormat('monthYear');
  const periodLabel = year === undefined ? '' : month === undefined ? String(year) : formatMonth(Date.UTC(year, month - 1, 15));

  const noMemoriesAtAll = years.data?.years.length === 0 || (filter === 'all' && year === undefined);
  const emptyKind: GalleryEmptyKind = noMemoriesAtAll ? 'none' : year !== undefined ? 'period' : 'favorites';

  const total = settled?.total;
  const results = (
    <GalleryResults
      data={gallery.data}
      updating={gallery.isPlaceholderData}
      redirecting={beyondLastPage}
      error={gallery.isError}
      retrying={gallery.isFetching}
      onRetry={() => void gallery.refetch()}
      filter={filter}
      emptyKind={emptyKind}
      periodLabel={periodLabel}
      hrefFor={hrefFor}
      clearHref={{ search: '' }}
      allHref={{ search: toSearch({ filter: 'all', page: 1 }) }}
      gridRef={gridRef}
      onPage={onPage}
    />
  );

  return (
    <div data-testid="gallery" className="w-full space-y-8">
      <header className="space-y-3">
        <h1 className="text-4xl font-medium sm:text-5xl">{t('title')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('intro')}</p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Link to="/home/memories/year" data-testid="gallery-year-link" className="text-sm font-medium text-accent underline underline-offset-2">
            {t('recollections:year.open')}
          </Link>
          <BookDialog years={years.data?.years ?? []} year={year} month={month} />
        </div>
        {/* Announced when a filter changes how many memories there are. */}
        <p role="status" data-testid="gallery-count" className="min-h-6 text-sm font-medium text-ink-muted">
          {total !== undefined && total > 0 ? t(filter === 'favorites' ? 'countFavorites' : 'count', { count: total }) : null}
        </p>
      </header>

      <KeptExhibitions />

      <Tabs value={filter} onValueChange={(value) => go({ filter: value === 'favorites' ? 'favorites' : 'all', year, month, page: 1 })} className="space-y-10">
        <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
          <TabsList aria-label={t('filters.label')} // Level with the selects, whose labels sit above them.
            className="w-full sm:w-72 md:mt-6.5 md:w-60">
            <TabsTrigger value="all">{t('filters.all')}</TabsTrigger>
            <TabsTrigger value="favorites">{t('filters.favorites')}</TabsTrigger>
          </TabsList>
          <GalleryPeriod
            years={years.data?.years ?? []}
            year={year}
            month={month}
            onYearChange={(next) => go({ filter, year: next, month: next === undefined ? undefined : month, page: 1 })}
            onMonthChange={(next) => go({ filter, year, month: next, page: 1 })}
          />
        </div>
        {GALLERY_FILTERS.map((value) => (
          <TabsContent key={value} value={value}>
            {results}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
