import type { ImageSource } from './contracts/memories';
import { SHARED_IMAGE_MAX_PX } from './limits';

/** `srcset` of an artwork's renditions (`url 480w, …`); undefined when there are none, so the PNG alone is used. */
export function srcSetOf(sources: readonly ImageSource[], extra: readonly ImageSource[] = []): string | undefined {
  const all = [...extra, ...sources].sort((a, b) => a.width - b.width);
  return all.length > 0 ? all.map((source) => `${source.url} ${source.width}w`).join(', ') : undefined;
}

/**
 * `sizes` of the shared page's artwork: its frame is at most SHARED_IMAGE_MAX_PX wide. The head's preload
 * uses the same value, so the browser fetches the very file the page then shows.
 */
export const SHARED_IMAGE_SIZES = `(min-width: ${SHARED_IMAGE_MAX_PX}px) ${SHARED_IMAGE_MAX_PX}px, 100vw`;
/** The memory's page: its column is at most 40rem wide. */
export const DETAIL_IMAGE_SIZES = '(min-width: 40rem) 40rem, 100vw';
/** Cards: one column on phones, two from 640 px, three from 1024 px (the grid's breakpoints). */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';
