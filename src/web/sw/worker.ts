// The service worker, served as /sw.js. scripts/vite-service-worker.ts bundles this file at build time and
// fills in the two constants below; the routing rules are in ./rules.ts (decision 0031).
import { SHELL_URL, cacheName, isCacheable, staleCaches, strategyFor } from './rules';

/** The app shell's URLs (index.html, the scripts and styles, the Latin fonts), listed by the build. */
declare const __SHELL_FILES__: string[];
/** A hash of the shell's contents: a new build gets a new cache, and the old one is removed. */
declare const __SHELL_VERSION__: string;

// The project type-checks against the DOM library; these are the few worker types this file needs.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = cacheName(__SHELL_VERSION__);

// A new version takes over as soon as it has stored its shell: pages already open keep the code they loaded,
// and the next page load gets the new one (decision 0031).
worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__SHELL_FILES__))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, worker.location.origin);
  if (strategy === 'navigate') event.respondWith(networkElseShell(event.request));
  else if (strategy === 'asset') event.respondWith(cacheElseNetwork(event.request));
  // 'network': no respondWith, so the browser fetches it itself and nothing passes through a cache.
});

async function networkElseShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    // Unreachable (offline, server down): the shell starts and the app says what it can.
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function cacheElseNetwork(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  // Not in the shell (a font for another alphabet, say): hashed files never change, so keep it once fetched.
  const response = await fetch(request);
  if (isCacheable(response)) await cache.put(request, response.clone());
  return response;
}
