/** Served at the root by the build (scripts/vite-service-worker.ts), so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

interface RegisterOptions {
  /** Only built apps have a worker: Vite's dev server and the tests run without one. */
  production?: boolean;
  container?: Pick<ServiceWorkerContainer, 'register'> | undefined;
  target?: Pick<Window, 'addEventListener'> & { document: Pick<Document, 'readyState'>; location: Pick<Location, 'pathname'> };
}

/**
 * Pages opened from a link by people who may never use the app (a memory someone shared, an e-mail's
 * unsubscribe link): they do not download the whole app shell for offline use.
 */
const VISITOR_PAGES = ['/shared', '/unsubscribe'];

/**
 * Registers the service worker that keeps the app shell for offline starts and lets phones install the app
 * (decision 0031). Waits for the page's load event so the worker's downloads never compete with the first render.
 * Answers whether a registration was started.
 */
export function registerServiceWorker({
  production = import.meta.env.PROD,
  container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  target = window,
}: RegisterOptions = {}): boolean {
  if (!production || !container) return false;
  const { pathname } = target.location;
  if (VISITOR_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return false;
  const register = () => {
    // Without a worker the app still works online; it only loses offline starts and installation.
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  if (target.document.readyState === 'complete') register();
  else target.addEventListener('load', register, { once: true });
  return true;
}
