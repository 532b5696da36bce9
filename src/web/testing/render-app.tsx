import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '@web/app/providers';
import { routes } from '@web/app/router';

/**
 * The app loads each page's code when its route is first matched (decision 0029); tests render the routes with
 * that code already in, so a page is on screen as soon as renderApp returns, as it was before the split. The
 * lazy loading itself is tried in the browser tier and in src/web/app/router.test.tsx.
 */
async function resolveLazyRoutes(list: RouteObject[]): Promise<void> {
  for (const route of list) {
    if (typeof route.lazy === 'function') {
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }
    if (route.children) await resolveLazyRoutes(route.children);
  }
}
await resolveLazyRoutes(routes);

/** The whole app (real routes, providers and i18n) at one address, with the network mocked by the test. */
export function renderApp(initialPath: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
