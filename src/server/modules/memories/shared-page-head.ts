import type { SharedMemory } from '@shared/contracts/memories';
import { SHARED_IMAGE_SIZES, srcSetOf } from '@shared/image-sources';
import { escapeHtml } from '../../html';

/** Messengers show about this much of a description; the reflection is cut at a word before it. */
export const DESCRIPTION_MAX = 160;

function excerpt(text: string, max: number): string {
  const single = text.replace(/\s+/g, ' ').trim();
  if (single.length <= max) return single;
  const cut = single.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The artwork's preload: with its renditions, the same `srcset` and `sizes` as the page's `<img>`, so the browser
 * fetches the width the page will show (the PNG stays `href` for browsers without `imagesrcset`).
 */
function preloadOf(memory: SharedMemory): string {
  const srcSet = srcSetOf(memory.imageSources);
  const responsive = srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(SHARED_IMAGE_SIZES)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(memory.imageUrl)}"${responsive} fetchpriority="high" />`;
}

const absolute = (url: string, publicUrl: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * What a messenger or search engine reads in the head of /shared/{token} (the page itself is drawn by the
 * server render): never indexed, and — when the link is a current one — the memory's title, a short excerpt
 * of its reflection and its image as Open Graph and Twitter tags, and the artwork preloaded first (it is the
 * page's largest element). Only the public fields; every value escaped.
 */
/** `title` is plain text (the page escapes it where it puts it); `tags` are ready-escaped HTML. */
export function sharedPageHead(memory: SharedMemory | null, pageUrl: string, publicUrl: string): { title: string | null; tags: string } {
  const tags = ['<meta name="robots" content="noindex, nofollow" />', '<meta name="referrer" content="no-referrer" />'];
  if (!memory) return { title: null, tags: tags.join('\n    ') };

  const title = escapeHtml(memory.title);
  const description = escapeHtml(excerpt(memory.poeticSummary ?? 'A memory kept with Souvenir.', DESCRIPTION_MAX));
  const image = escapeHtml(absolute(memory.imageUrl, publicUrl));
  tags.push(
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Souvenir" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:alt" content="${title}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    preloadOf(memory),
  );
  return { title: `${memory.title} · Souvenir`, tags: tags.join('\n    ') };
}
