import type { MemoryDetail } from '@shared/contracts/memories';
import { ArrowLeft, CircleAlert, ImageOff } from 'lucide-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { useMemory } from '../api/get-memory';

/** The artwork's largest size on the page (it is drawn at 1024 px, so it stays sharp on 2× screens). */
const pageClassName = 'mx-auto w-full max-w-[40rem]';

/**
 * /home/memories/{id} (spec §2 "Memory detail"): the artwork as the hero — square, whole, as wide as the
 * screen on a phone — its title beneath like a museum label, the date, and the reflection to read slowly.
 * Like, delete, share and download arrive with the memories feature.
 */
export function MemoryDetailPage() {
  const { id = '' } = useParams();
  const memory = useMemory(id);

  if (memory.isPending) return <MemoryDetailSkeleton />;
  if (memory.isError) {
    if (memory.error instanceof ApiError && memory.error.status === 404) return <MemoryNotFound />;
    return <MemoryLoadError retrying={memory.isFetching} onRetry={() => void memory.refetch()} />;
  }
  return <MemoryView memory={memory.data} />;
}

function MemoryView({ memory }: { memory: MemoryDetail }) {
  const { t, i18n } = useTranslation('memories');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const date = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(memory.createdAt)), [language, memory.createdAt]);

  // Arriving from the chat (the button that was pressed is gone), focus would be lost: the memory's title takes it.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) titleRef.current?.focus({ preventScroll: true });
  }, [memory.id]);

  return (
    <article data-testid="memory-detail" aria-labelledby="memory-title" className={pageClassName}>
      <BackLink />
      <figure className="mt-4 sm:mt-6">
        <div className="aspect-square w-full overflow-hidden rounded-lg bg-sand shadow-soft">
          {/* The whole artwork, never cropped: a square image fills the frame, any other shape rests inside it. */}
          <img
            src={memory.imageUrl}
            alt={memory.title}
            width={1024}
            height={1024}
            decoding="async"
            data-testid="memory-image"
            className="size-full object-contain"
          />
        </div>
        <figcaption className="mt-5 space-y-1.5">
          <h1 id="memory-title" ref={titleRef} tabIndex={-1} className="font-serif text-3xl leading-tight text-ink focus:outline-none sm:text-4xl">
            {memory.title}
          </h1>
          <p className="text-sm text-ink-muted">
            <time dateTime={memory.createdAt}>{date}</time>
          </p>
        </figcaption>
      </figure>

      {memory.poeticSummary ? (
        <section aria-labelledby="memory-reflection-title" className="mt-10">
          <h2 id="memory-reflection-title" className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">
            {t('detail.reflection')}
          </h2>
          <p data-testid="memory-reflection" className="mt-3 max-w-[65ch] font-serif text-lg leading-relaxed whitespace-pre-line text-ink sm:text-xl">
            {memory.poeticSummary}
          </p>
        </section>
      ) : null}

      <div className="mt-12 border-t border-line pt-6">
        <Button asChild variant="secondary">
          <Link to="/home">{t('detail.backHome')}</Link>
        </Button>
      </div>
    </article>
  );
}

function BackLink() {
  const { t } = useTranslation('memories');
  return (
    <Link
      to="/home/memories"
      className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-ink-muted transition-colors hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('detail.back')}
    </Link>
  );
}

/** The same shape as the page, resting while the memory loads. */
function MemoryDetailSkeleton() {
  const { t } = useTranslation('memories');
  return (
    <div data-testid="memory-detail-skeleton" aria-busy="true" className={pageClassName}>
      <p role="status" className="sr-only">
        {t('detail.loading')}
      </p>
      <Skeleton className="h-7 w-36" />
      <Skeleton className="mt-4 aspect-square w-full rounded-lg sm:mt-6" />
      <Skeleton className="mt-5 h-9 w-3/4" />
      <Skeleton className="mt-2.5 h-4 w-40" />
      <Skeleton className="mt-10 h-3 w-24" />
      <div className="mt-4 space-y-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}

function StateFrame({ icon, title, body, role, children }: { icon: ReactNode; title: string; body: string; role?: 'alert'; children: ReactNode }) {
  return (
    <div role={role} className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">{icon}</span>
      <h1 className="mt-2 font-serif text-2xl text-ink sm:text-3xl">{title}</h1>
      <p className="leading-relaxed text-ink-muted">{body}</p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">{children}</div>
    </div>
  );
}

/** Unknown, deleted, or someone else's memory: the server says "not found" for all three, and so do we. */
function MemoryNotFound() {
  const { t } = useTranslation('memories');
  return (
    <StateFrame icon={<ImageOff aria-hidden="true" className="size-6" />} title={t('detail.notFound.title')} body={t('detail.notFound.body')}>
      <Button asChild>
        <Link to="/home/memories">{t('detail.notFound.action')}</Link>
      </Button>
    </StateFrame>
  );
}

function MemoryLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(['memories', 'common']);
  return (
    <StateFrame
      role="alert"
      icon={<CircleAlert aria-hidden="true" className="size-6 text-danger" />}
      title={t('memories:detail.error.title')}
      body={t('memories:detail.error.body')}
    >
      <Button variant="secondary" pending={retrying} onClick={onRetry}>
        {t('common:actions.tryAgain')}
      </Button>
      <Button asChild variant="ghost">
        <Link to="/home/memories">{t('memories:detail.back')}</Link>
      </Button>
    </StateFrame>
  );
}
