import type { GalleryFilter, GalleryPage } from '@shared/contracts/memories';
import { CircleAlert, Heart, ImageIcon, SearchX } from 'lucide-react';
import { useMemo, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { ViewConversationButton } from '@web/components/conversation-dialog';
import { LikeButton } from '@web/components/like-button';
import { MemoryCard } from '@web/components/memory-card';
import { MemoryGridSkeleton, MemoryNotice, memoryGridClassName } from '@web/components/memory-grid';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { GalleryPagination } from './gallery-pagination';

export type GalleryEmptyKind = 'none' | 'favorites' | 'period';

interface GalleryResultsProps {
  /** Undefined while the first page loads (later pages keep the previous one on screen). */
  data: GalleryPage | undefined;
  /** The previous page stays while the next one loads. */
  updating: boolean;
  /** A page past the last: shown as loading while the gallery returns to page 1. */
  redirecting: boolean;
  error: boolean;
  retrying: boolean;
  onRetry: () => void;
  filter: GalleryFilter;
  emptyKind: GalleryEmptyKind;
  /** "March 2025", "2025": the chosen period, for the empty state. */
  periodLabel: string;
  hrefFor: (page: number) => To;
  clearHref: To;
  allHref: To;
  gridRef: Ref<HTMLUListElement>;
  onPage: () => void;
}

type ResultsState = 'loading' | 'error' | 'empty' | 'ready';


/** The gallery's grid with its designed loading, error and empty states. */
export function GalleryResults({
  data,
  updating,
  redirecting,
  error,
  retrying,
  onRetry,
  filter,
  emptyKind,
  periodLabel,
  hrefFor,
  clearHref,
  allHref,
  gridRef,
  onPage,
}: GalleryResultsProps) {
  const { t, i18n } = useTranslation('gallery');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);

  const state: ResultsState = error && !data ? 'error' : !data || redirecting ? 'loading' : data.total === 0 ? 'empty' : 'ready';

  let body: ReactNode;
  switch (state) {
    case 'loading':
      body = <MemoryGridSkeleton label={t('grid.loading')} />;
      break;
    case 'error':
      body = (
        <MemoryNotice role="alert" icon={<CircleAlert aria-hidden="true" className="size-6 text-danger" />} title={t('error.title')} text={t('error.body')}>
          <Button variant="secondary" pending={retrying} onClick={onRetry}>
            {t('common:actions.tryAgain')}
          </Button>
        </MemoryNotice>
      );
      break;
    case 'empty':
      body =
        emptyKind === 'none' ? (
          <MemoryNotice icon={<ImageIcon aria-hidden="true" className="size-6" />} title={t('empty.none.title')} text={t('empty.none.body')}>
            <Button asChild>
              <Link to="/home/chat">{t('empty.none.action')}</Link>
            </Button>
          </MemoryNotice>
        ) : emptyKind === 'favorites' ? (
          <MemoryNotice icon={<Heart aria-hidden="true" className="size-6" />} title={t('empty.favorites.title')} text={t('empty.favorites.body')}>
            <Button asChild variant="secondary">
              <Link to={allHref}>{t('empty.favorites.action')}</Link>
            </Button>
          </MemoryNotice>
        ) : (
          <MemoryNotice
            icon={<SearchX aria-hidden="true" className="size-6" />}
            title={t('empty.period.title', { period: periodLabel })}
            text={t(filter === 'favorites' ? 'empty.period.bodyFavorites' : 'empty.period.body')}
          >
            <Button asChild variant="secondary">
              <Link to={clearHref}>{t('empty.period.action')}</Link>
            </Button>
          </MemoryNotice>
        );
      break;
    case 'ready': {
      const page = data!;
      body = (
        <div className="space-y-12">
          {updating ? (
            <p role="status" className="sr-only">
              {t('grid.updating')}
            </p>
          ) : null}
          <ul
            ref={gridRef}
            tabIndex={-1}
            aria-label={t('grid.label', { page: page.page, pageCount: page.pageCount })}
            className={cn(memoryGridClassName, 'scroll-mt-24 rounded-lg transition-opacity duration-200 focus-visible:outline-offset-8', updating && 'opacity-60')}
          >
            {page.items.map((memory, position) => (
              <li key={memory.id}>
                <MemoryCard
                  memory={memory}
                  position={position}
                  formatDate={formatDate}
                  titleAs="h2"
                  actions={
                    <>
                      <ViewConversationButton memory={memory} variant="icon" />
                      <LikeButton memory={memory} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <GalleryPagination page={page.page} pageCount={page.pageCount} hrefFor={hrefFor} onNavigate={onPage} />
        </div>
      );
      break;
    }
  }

  return (
    <div
      data-testid="gallery-results"
      data-state={state}
      data-empty={state === 'empty' ? emptyKind : undefined}
      aria-busy={state === 'loading' || updating || undefined}
    >
      {body}
    </div>
  );
}
