import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { cn } from '@web/lib/utils';

interface GalleryPaginationProps {
  page: number;
  pageCount: number;
  /** Where page `n` lives: real links, so a page can be opened in a new tab or shared. */
  hrefFor: (page: number) => To;
  onNavigate: () => void;
}

type PageItem = number | 'gap-start' | 'gap-end';

/** 1 … 4 5 6 … 12: the first and last pages, the current one and its neighbours. */
function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const start = Math.max(2, Math.min(page - 1, pageCount - 4));
  const end = Math.min(pageCount - 1, Math.max(page + 1, 5));
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [1, ...(start > 2 ? (['gap-start'] as const) : []), ...middle, ...(end < pageCount - 1 ? (['gap-end'] as const) : []), pageCount];
}

const itemClassName =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium transition-colors';

/** The gallery's page numbers with previous and next, hidden when everything fits on one page. */
export function GalleryPagination({ page, pageCount, hrefFor, onNavigate }: GalleryPaginationProps) {
  const { t } = useTranslation('gallery');
  if (pageCount <= 1) return null;

  return (
    <nav aria-label={t('pagination.label')} data-testid="gallery-pagination" className="flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li className={cn(page <= 1 && 'invisible')} aria-hidden={page <= 1 || undefined}>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} onClick={onNavigate} rel="prev" className={cn(itemClassName, 'text-ink hover:bg-sand')}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
            </Link>
          ) : (
            <span className={itemClassName}>
              <ChevronLeft aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                onClick={onNavigate}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                className={cn(itemClassName, item === page ? 'bg-accent text-white shadow-soft' : 'text-ink hover:bg-sand')}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ),
        )}
        <li className={cn(page >= pageCount && 'invisible')} aria-hidden={page >= pageCount || undefined}>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} onClick={onNavigate} rel="next" className={cn(itemClassName, 'text-ink hover:bg-sand')}>
              <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span className={itemClassName}>
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </li>
      </ul>
      <p className="text-sm text-ink-muted">{t('pagination.status', { page, pageCount })}</p>
    </nav>
  );
}
