import type { MemorySummary } from '@shared/contracts/memories';
import { CARD_IMAGE_SIZES, srcSetOf } from '@shared/image-sources';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@web/components/ui/skeleton';

/** The width of the grid thumbnail stored beside each image (a candidate of the card's `srcset`). */
const THUMBNAIL_PX = 512;
/** Pictures in a grid's first row on the widest layout (three columns). */
const FIRST_ROW = 3;

interface MemoryCardProps {
  memory: MemorySummary;
  /** Formats the creation date in the interface language (long date). */
  formatDate: (iso: string) => string;
  /** Replaces opening the memory's page, e.g. to show it in place (spec: "or calls a supplied handler"). */
  onOpen?: (memory: MemorySummary) => void;
  /**
   * Controls beside the label (the like heart, "view conversation"). They sit outside the link, so a
   * button is never nested in an anchor.
   */
  actions?: ReactNode;
  /** The title's heading level, so it follows the page's outline (h3 under the home's h2, h2 in the gallery). */
  titleAs?: 'h2' | 'h3';
  /**
   * Where it stands in its grid: the first row's pictures are fetched at once (the first one first), as they are
   * what the page shows above the fold; the rest wait until they are scrolled near.
   */
  position?: number;
}

/**
 * The artwork, whole and square, with its title beneath like a museum label. Shared by the home grid
 * and the gallery; it shows the 512 px thumbnail when there is one, so a grid never loads full images.
 */
export function MemoryCard({ memory, formatDate, onOpen, actions, titleAs: Title = 'h3', position = Infinity }: MemoryCardProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const dateId = `${id}-date`;

  return (
    <article data-testid="memory-card" aria-labelledby={titleId} className="group relative">
      <Link
        to={`/home/memories/${encodeURIComponent(memory.id)}`}
        aria-labelledby={`${titleId} ${dateId}`}
        onClick={
          onOpen
            ? (event) => {
                event.preventDefault();
                onOpen(memory);
              }
            : undefined
        }
        className="block rounded-lg focus-visible:outline-offset-4"
      >
        <div className="aspect-square overflow-hidden rounded-lg bg-sand shadow-soft">
          <img
            src={memory.thumbnailUrl ?? memory.imageUrl}
            srcSet={srcSetOf(memory.imageSources, memory.thumbnailUrl && memory.imageSources.length > 0 ? [{ width: THUMBNAIL_PX, url: memory.thumbnailUrl }] : [])}
            sizes={memory.imageSources.length > 0 ? CARD_IMAGE_SIZES : undefined}
            alt={memory.title}
            loading={position < FIRST_ROW ? 'eager' : 'lazy'}
            fetchPriority={position === 0 ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover transition-transform duration-250 group-hover:scale-[1.02]"
          />
        </div>
        <div className={actions ? 'mt-4 pr-22' : 'mt-4'}>
          <Title id={titleId} className="font-serif text-xl leading-snug text-ink decoration-accent/60 underline-offset-4 group-hover:underline">
            {memory.title}
          </Title>
          {/* A space between title and date, so the link's visible text reads as its name does (WCAG 2.5.3, label in name). */}
          {' '}
          <p className="mt-1 text-sm text-ink-muted">
            <time id={dateId} dateTime={memory.createdAt}>
              {formatDate(memory.createdAt)}
            </time>
          </p>
        </div>
      </Link>
      {actions ? <div className="absolute right-0 bottom-0 flex items-center gap-1">{actions}</div> : null}
    </article>
  );
}

/** The same shape as a card, resting while the memories load. */
export function MemoryCardSkeleton() {
  return (
    <div data-testid="memory-card-skeleton">
      <Skeleton className="aspect-square w-full rounded-lg" />
      <Skeleton className="mt-4 h-6 w-3/4" />
      <Skeleton className="mt-2 h-4 w-1/3" />
    </div>
  );
}
