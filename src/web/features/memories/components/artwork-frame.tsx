import { cn } from '@web/lib/utils';

/** Artworks are made square at this size; the frame reserves their box before they load (no layout shift). */
export const ARTWORK_PX = 1024;

interface ArtworkFrameProps {
  src: string;
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
export function ArtworkFrame({ src, alt, priority = false, className, testId }: ArtworkFrameProps) {
  return (
    <div className={cn('aspect-square w-full overflow-hidden rounded-lg bg-sand', className)}>
      <img
        src={src}
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
