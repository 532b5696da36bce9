import { SHARED_IMAGE_SIZES } from '@shared/image-sources';
import { SHARED_IMAGE_MAX_PX } from '@shared/limits';
import type { SharedMemory } from '@shared/contracts/memories';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QuietFrame } from '@web/components/quiet-frame';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDateFormat } from '@web/lib/date-format';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-head';
import { isShareToken, useSharedMemory } from '../api/get-shared-memory';
import { ArtworkFrame } from '../components/artwork-frame';

/** The artwork is drawn square; the frame never exceeds the spec's 500 px, and shrinks with a phone's width. */
const frameStyle = { maxWidth: SHARED_IMAGE_MAX_PX } as const;

/** Answers that mean "no such shared memory"; anything else (network, 5xx, 429) is worth another try. */
const NOT_FOUND_STATUSES = new Set([400, 404, 410]);

/**
 * /shared/{token}: public, signed in or not. A small exhibition card — the
 * artwork whole, its title beneath like a museum label, the date and the reflection — and an invitation
 * to Souvenir. Never the conversation, never who made it. The Open Graph tags come from the server.
 */
export function SharedMemoryPage() {
  const { token } = useParams();
  const valid = isShareToken(token);
  const memory = useSharedMemory(token);
  const { t } = useTranslation(['common', 'shared']);
  const missing = !valid || (memory.error instanceof ApiError && NOT_FOUND_STATUSES.has(memory.error.status));
  usePageTitle(missing ? t('shared:notFound.title') : (memory.data?.title ?? t('common:titles.sharedMemory')));

  let content: ReactNode;
  if (!valid) content = <SharedMemoryNotFound />;
  else if (memory.isPending) content = <SharedMemorySkeleton />;
  else if (memory.isError) {
    content =
      memory.error instanceof ApiError && NOT_FOUND_STATUSES.has(memory.error.status) ? (
        <SharedMemoryNotFound />
      ) : (
        <SharedMemoryLoadError retrying={memory.isFetching} onRetry={() => void memory.refetch()} />
      );
  } else content = <SharedMemoryView memory={memory.data} />;

  // Sent without scripts (decision 0038): the language switch is two links the server answers.
  return <QuietFrame languageLinks>{content}</QuietFrame>;
}

function SharedMemoryView({ memory }: { memory: SharedMemory }) {
  const { t } = useTranslation(['shared', 'common']);
  const date = useDateFormat('long')(memory.createdAt);

  return (
    <>
      <article data-testid="shared-memory" aria-labelledby="shared-memory-title" data-entrance className="mt-8 w-full motion-safe:animate-fade-in" style={frameStyle}>
        <figure className="rounded-xl border border-line bg-surface p-3 shadow-soft sm:p-4">
          <ArtworkFrame src={memory.imageUrl} sources={memory.imageSources} sizes={SHARED_IMAGE_SIZES} alt={memory.title} priority testId="shared-memory-image" />
          <figcaption className="px-1 pt-4 pb-1 sm:pt-5">
            <h1 id="shared-memory-title" className="font-serif text-2xl leading-tight text-ink sm:text-3xl">
              {memory.title}
            </h1>
            <p className="mt-1.5 text-sm text-ink-muted">
              <time dateTime={memory.createdAt}>{date}</time>
            </p>
            {memory.imageOrigin ? (
              <p data-testid="shared-memory-image-origin" className="mt-1 text-sm text-ink-muted">
                {t(`shared:origin.${memory.imageOrigin}`)}
              </p>
            ) : null}
          </figcaption>
        </figure>

        {memory.poeticSummary ? (
          <section aria-labelledby="shared-memory-reflection-title" className="mt-8 px-1">
            <h2 id="shared-memory-reflection-title" className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">
              {t('shared:reflection')}
            </h2>
            <p data-testid="shared-memory-reflection" className="mt-3 max-w-[65ch] font-serif text-lg leading-relaxed whitespace-pre-line text-ink">
              {memory.poeticSummary}
            </p>
          </section>
        ) : null}
      </article>
      <Invitation />
    </>
  );
}

/** The line that tells a visitor what Souvenir is, and the one way in. */
function Invitation() {
  const { t } = useTranslation('shared');
  return (
    <div className="mt-10 flex w-full flex-col items-center border-t border-line pt-8 text-center" style={frameStyle}>
      <p className="max-w-sm leading-relaxed text-ink-muted">{t('invitation')}</p>
      <Button asChild size="lg" className="mt-5">
        <Link to="/">{t('cta')}</Link>
      </Button>
    </div>
  );
}

/** The card's shape, resting while the memory loads. */
function SharedMemorySkeleton() {
  const { t } = useTranslation('shared');
  return (
    <div data-testid="shared-memory-skeleton" aria-busy="true" className="mt-8 w-full" style={frameStyle}>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div className="rounded-xl border border-line bg-surface p-3 sm:p-4">
        <Skeleton className="aspect-square w-full rounded-lg" />
        <div className="px-1 pt-4 pb-1 sm:pt-5">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="mt-2.5 h-4 w-36" />
        </div>
      </div>
      <div className="mt-8 space-y-3 px-1">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}

/** Missing, malformed, revoked or unknown: the same words for all, never saying which. */
function SharedMemoryNotFound() {
  const { t } = useTranslation('shared');
  return (
    <>
      <div className="mt-10 flex max-w-md flex-col items-center text-center">
        <h1 className="text-3xl font-medium sm:text-4xl">{t('notFound.title')}</h1>
        <p className="mt-3 max-w-sm leading-relaxed text-ink-muted">{t('notFound.body')}</p>
      </div>
      <Invitation />
    </>
  );
}

function SharedMemoryLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['shared', 'common']);
  return (
    <div role="alert" className="mt-10 flex max-w-md flex-col items-center gap-3 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand">
        <CircleAlert aria-hidden="true" className="size-6 text-danger" />
      </span>
      <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{t('shared:error.title')}</h1>
      <p className="leading-relaxed text-ink-muted">{t('shared:error.body')}</p>
      <Button variant="secondary" className="mt-4" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
    </div>
  );
}
