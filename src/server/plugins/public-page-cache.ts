import { createHash } from 'node:crypto';

/** What the cache may hold in all: the drawn pages of a few thousand shared links. */
export const PUBLIC_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export interface CachedPage {
  html: string;
  /** A strong validator of the exact HTML, quoted as the header carries it. */
  etag: string;
  /** The compressed bodies made so far, by encoding: compressing costs more than finding the page. */
  encoded: Map<string, Buffer>;
}

/**
 * The pages an anonymous visitor gets, drawn once per address, language and origin and kept in memory, least recently
 * used first out when the bytes run over. Every change anyone makes clears it all (`invalidate`): public pages change
 * rarely (a policy saved, a link revoked, a memory renamed or deleted, the community link changed), and clearing on any
 * change needs no list of which change touches which page, so a new public page cannot be forgotten in one. Only pages
 * drawn for nobody may go in: the caller never stores a page drawn for someone signed in.
 */
export function createPublicPageCache(maxBytes = PUBLIC_PAGE_CACHE_BYTES) {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  /** Bumped by every change: a page drawn before a change that lands during its drawing is not kept. */
  let version = 0;
  const sizeOf = (key: string, page: CachedPage) => key.length + page.html.length * 2;

  return {
    get(key: string): CachedPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    /** The version to hand back to `set`: taken before drawing. */
    version: () => version,
    set(key: string, html: string, drawnAt: number): CachedPage {
      const page: CachedPage = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`, encoded: new Map() };
      if (drawnAt !== version) return page;
      const size = sizeOf(key, page);
      if (size > maxBytes) return page;
      const old = pages.get(key);
      if (old) {
        bytes -= sizeOf(key, old);
        pages.delete(key);
      }
      pages.set(key, page);
      bytes += size;
      for (const [oldest, entry] of pages) {
        if (bytes <= maxBytes) break;
        pages.delete(oldest);
        bytes -= sizeOf(oldest, entry);
      }
      return page;
    },
    invalidate() {
      version += 1;
      pages.clear();
      bytes = 0;
    },
    /** Compressed bodies count too, but only the drawing is bounded: they are a few KB beside it. */
    size: () => ({ pages: pages.size, bytes }),
  };
}
export type PublicPageCache = ReturnType<typeof createPublicPageCache>;
