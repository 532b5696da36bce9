import type { ImageSource } from '@shared/contracts/memories';
import { srcSetOf } from '@shared/image-sources';
import { cn } from '@web/lib/utils';

/** Artworks are made square at this size; the frame reserves their box before they load (no layout shift). */
export const ARTWORK_PX = 1024;

interface ArtworkFrameProps {
  /** The full-size PNG: what a browser without the renditions, or before they are made, shows. */
  src: string;
  /** The smaller WebP renditions, once made (docs/decisions/0075-artwork-renditions.md). */
  sources?: readonly ImageSource[];
  /** How wide the frame is drawn on this page, so the browser picks the rendition that fits. */
  sizes?: string;
  /** The memory's title: the artwork is the memory, so that is what it shows. */
  alt: string;
  /** The page's largest element: fetched first, before the scripts and the rest of the page's pictures. */
  priority?: boolean;
  className?: string;
  testId?: string;
}

/**
 * One memory's artwork, whole, as the memory's page and the shared page show it: never cropped — a square image
 * fills the square frame, any other shape rests inside it.
 */
export function ArtworkFrame({ src, sources = [], sizes, alt, priority = false, className, testId }: ArtworkFrameProps) {
  return (
    <div className={cn('aspect-square w-full overflow-hidden rounded-lg bg-sand', className)}>
      <img
        src={src}
        srcSet={srcSetOf(sources)}
        sizes={sources.length > 0 ? sizes : undefined}
        alt={alt}
        width={ARTWORK_PX}
        height={ARTWORK_PX}
        {...(priority ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
        data-testid={testId}
        className="size-full object-contain"
      />
    </div>
  );
}
