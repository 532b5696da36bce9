import type { GalleryFilter, GalleryPage } from '@shared/contracts/memories';
import { SKELETON_CARD_COUNT } from '@shared/limits';
import { CircleAlert, Heart, ImageIcon, SearchX } from 'lucide-react';
import { useMemo, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router';
import { ViewConversationButton } from '@web/components/conversation-dialog';
import { LikeButton } from '@web/components/like-button';
import { MemoryCard, MemoryCardSkeleton } from '@web/components/memory-card';
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

const gridClassName = 'grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3';

/** The gallery's grid with its designed loading, error and empty states (spec §2 "Memory gallery"). */
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
      body = (
        <>
          <p role="status" className="sr-only">
            {t('grid.loading')}
          </p>
          <ul aria-hidden="true" className={gridClassName}>
            {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
              <li key={index}>
                <MemoryCardSkeleton />
              </li>
            ))}
          </ul>
        </>
      );
      break;
    case 'error':
      body = (
        <Notice role="alert" icon={<CircleAlert aria-hidden="true" className="size-6 text-danger" />} title={t('error.title')} text={t('error.body')}>
          <Button variant="secondary" pending={retrying} onClick={onRetry}>
            {t('common:actions.tryAgain')}
          </Button>
        </Notice>
      );
      break;
    case 'empty':
      body =
        emptyKind === 'none' ? (
          <Notice icon={<ImageIcon aria-hidden="true" className="size-6" />} title={t('empty.none.title')} text={t('empty.none.body')}>
            <Button asChild>
              <Link to="/home/chat">{t('empty.none.action')}</Link>
            </Button>
          </Notice>
        ) : emptyKind === 'favorites' ? (
          <Notice icon={<Heart aria-hidden="true" className="size-6" />} title={t('empty.favorites.title')} text={t('empty.favorites.body')}>
            <Button asChild variant="secondary">
              <Link to={allHref}>{t('empty.favorites.action')}</Link>
            </Button>
          </Notice>
        ) : (
          <Notice
            icon={<SearchX aria-hidden="true" className="size-6" />}
            title={t('empty.period.title', { period: periodLabel })}
            text={t(filter === 'favorites' ? 'empty.period.bodyFavorites' : 'empty.period.body')}
          >
            <Button asChild variant="secondary">
              <Link to={clearHref}>{t('empty.period.action')}</Link>
            </Button>
          </Notice>
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
            className={cn(gridClassName, 'scroll-mt-24 rounded-lg transition-opacity duration-200 focus-visible:outline-offset-8', updating && 'opacity-60')}
          >
            {page.items.map((memory) => (
              <li key={memory.id}>
                <MemoryCard
                  memory={memory}
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

interface NoticeProps {
  icon: ReactNode;
  title: string;
  text: string;
  role?: 'alert';
  children: ReactNode;
}

/** One kind sentence and one next step, in the same frame as the home grid's states. */
function Notice({ icon, title, text, role, children }: NoticeProps) {
  return (
    <div role={role} className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-surface/60 px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">{icon}</span>
      <p className="font-serif text-xl text-ink">{title}</p>
      <p className="max-w-md leading-relaxed text-ink-muted">{text}</p>
      <div className="mt-3">{children}</div>
    </div>
  );
}
