// The app itself: loaded by main.tsx at once, or on a server-drawn public page at the reader's first interaction
// (docs/decisions/0085-hydrate-public-pages-on-interaction.md).
import type { MeResponse } from '@shared/contracts/me';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { meQueryKey, meQueryOptions } from './lib/api/get-me';
import { i18n, setLanguage } from './lib/i18n';
import { readStoredLanguage, toLanguage } from './lib/language';
import { wholeStylesheet } from './lib/page-styles';
import { createQueryClient } from './lib/query-client';
import { rememberTimeZone } from './lib/time-zone';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** What the server put in the page (src/server/plugins/page-render.ts): who is signed in, and a rendered page's data. */
interface PageState {
  me?: MeResponse | null;
  queries?: DehydratedState;
}

function readPageState(): PageState {
  const element = document.getElementById('souvenir-state');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return {};
  }
}

/** The routes matched by the first page have their code in before hydrating, so the first render matches the server's. */
async function loadMatchedRoutes(list: RouteObject[]): Promise<void> {
  const matches = matchRoutes(list, window.location) ?? [];
  for (const { route } of matches) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }
  }
}

rememberTimeZone();
const state = readPageState();
const queryClient = createQueryClient();
if (state.queries) hydrate(queryClient, state.queries);
// Who is signed in is in the page when the server served it; otherwise ask now, while the page's code downloads.
if (state.me !== undefined) queryClient.setQueryData(meQueryKey, state.me);
else void queryClient.prefetchQuery(meQueryOptions());

const rendered = document.documentElement.hasAttribute('data-rendered') && container.hasChildNodes();

async function start() {
  // What the app draws next (a menu, another page) needs rules the drawn page did not carry.
  if (rendered) await Promise.all([loadMatchedRoutes(routes), wholeStylesheet()]);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {/* flushSync lets a navigation commit at once when asked (sign-out relies on it). */}
        <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
      </AppProviders>
    </StrictMode>
  );
  if (rendered) hydrateRoot(container!, app);
  else createRoot(container!).render(app);

  // The server drew the page in the language it could tell (cookie, then the browser's); a choice remembered on
  // this browser from before the cookie existed wins now, and sets the cookie for next time.
  const stored = toLanguage(readStoredLanguage());
  if (rendered && stored && stored !== i18n.language) setLanguage(stored);
}

void start();
