// The server render of the public pages (decision 0038): the same routes and components as the browser's app, drawn
// to HTML by React on the server, built by `vite build --ssr` into dist/ssr and loaded by the API server
// (src/server/plugins/page-render.ts). A public page is drawn as a signed-out visitor sees it; the signed-in home and
// gallery are drawn for the person whose session the server checked, with their own answers
// (docs/decisions/0087-server-drawn-signed-in-pages.md).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MeResponse } from '@shared/contracts/me';
import { LANGUAGES, type Language } from '@shared/limits';
import { QueryClient, dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { meQueryKey } from './lib/api/get-me';
import { setApiTransport } from './lib/api-client';
import { ON_DEMAND_NAMESPACES, i18n, loadNamespaces } from './lib/i18n';
import { PageHeadContext, brandedTitle } from './lib/page-head';
import { TimeZoneContext } from './lib/time-zone';

export interface ServerRenderInput {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** Answers the app's API reads in-process, as `fetch` would: with the person's cookie on a signed-in page only. */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  /** Who is signed in (what /api/me answered them), or null on a public page. */
  me?: MeResponse | null;
  /** The browser's time zone, which the signed-in pages' dates are written in. */
  timeZone?: string;
  /** Aborted when the page is no longer awaited (its time is up): no further read or drawing is started for it. */
  signal?: AbortSignal;
}

export interface ServerRenderResult {
  /** The markup that goes inside <div id="root">. */
  html: string;
  title: string;
  /** The query cache as the page used it: the browser starts from it instead of asking again. */
  state: DehydratedState;
}

/** A query the page needs is asked once more at most after its answer shows more of the page (a dependent query). */
const MAX_PASSES = 3;

let ready: Promise<void> | null = null;

/** Both languages' texts for every page the server may draw, loaded once per process. */
function loadTexts(): Promise<void> {
  ready ??= Promise.all(LANGUAGES.map((language) => loadNamespaces(language, ON_DEMAND_NAMESPACES))).then(() => undefined);
  return ready;
}

type Transport = ServerRenderInput['fetchApi'];

/**
 * Each render's own transport: the API client's module-level fetch asks this store which render it is reading for,
 * so renders run at once, each with its own person's cookie, and none waits for another's reads.
 */
const renderTransport = new AsyncLocalStorage<Transport>();

/** Outside a render nothing may read the API through anyone's transport. */
const closedTransport: Transport = () => Promise.reject(new Error('No server render is running'));

setApiTransport((path, init) => (renderTransport.getStore() ?? closedTransport)(path, init));

export function render(input: ServerRenderInput): Promise<ServerRenderResult> {
  return renderTransport.run(input.fetchApi, () => renderNow(input));
}

async function renderNow({ url, language, me = null, timeZone, signal }: ServerRenderInput): Promise<ServerRenderResult> {
  await loadTexts();
  // Each request its own language; the texts themselves are shared with the app's instance.
  const requestI18n = i18n.cloneInstance({ lng: language, initAsync: false });

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`The route answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);

  // Nothing is retried on the server: a failing read shows its page's error state (an unknown shared link its "not
  // found"), and the browser tries again. Without `retryOnMount: false` a failed query draws as still loading.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 60_000 } } });
  queryClient.setQueryData(meQueryKey, me);

  let title = brandedTitle();
  const head = { setTitle: (next: string) => void (title = next) };
  const draw = () =>
    renderToString(
      <StrictMode>
        <PageHeadContext.Provider value={head}>
          <TimeZoneContext.Provider value={timeZone}>
            <AppProviders queryClient={queryClient} i18nInstance={requestI18n}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </TimeZoneContext.Provider>
        </PageHeadContext.Provider>
      </StrictMode>,
    );

  // The pages ask for their data with hooks while they render: draw, answer what they asked, draw again.
  let html = draw();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    signal?.throwIfAborted();
    const waiting = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'pending' });
    if (waiting.length === 0) break;
    await Promise.allSettled(waiting.map((query) => query.fetch()));
    signal?.throwIfAborted();
    html = draw();
  }

  return { html, title, state: dehydrate(queryClient) };
}
