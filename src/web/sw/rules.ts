/**
 * What the service worker does with each request (decision 0031). Kept free of worker globals so the
 * rules are tested on their own (rules.test.ts); worker.ts only carries them out.
 *
 * - `network`: the worker stays out of the way (no `respondWith`), so the browser fetches as if there were
 *   no worker and nothing is stored. Everything private goes this way: the API, stored files (memory
 *   images, profile pictures), any other method than GET, any other origin.
 * - `navigate`: a page load. The network answers; only when it cannot be reached does the precached app
 *   shell (index.html) answer instead. Pages are never stored, so a shared page's head is never kept.
 * - `asset`: the build's hashed, immutable files under /assets/: from the cache, else fetched and kept.
 */
export type Strategy = 'network' | 'navigate' | 'asset';

/** The parts of a Request the rules read. */
export interface RequestFacts {
  method: string;
  url: string;
  mode: RequestMode;
}

/** Paths whose answers may be private: never answered by the worker, never cached. */
export const PRIVATE_PREFIXES = ['/api/', '/files/'] as const;

export const ASSETS_PREFIX = '/assets/';

/** Where the app shell is kept; every cache of ours starts with it, so old versions can be found and removed. */
export const CACHE_PREFIX = 'souvenir-shell-';

/** The page the worker answers a navigation with when offline. */
export const SHELL_URL = '/index.html';

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (PRIVATE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return 'network';
  if (request.mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith(ASSETS_PREFIX)) return 'asset';
  return 'network';
}

export function cacheName(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** Our caches of earlier versions, to delete once the new worker is active. Other caches are left alone. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/** Only a complete, same-origin answer is worth keeping (not an error page, not an opaque or partial one). */
export function isCacheable(response: Pick<Response, 'ok' | 'status' | 'type'>): boolean {
  return response.ok && response.status === 200 && response.type === 'basic';
}
