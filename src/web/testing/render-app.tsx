import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '@web/app/providers';
import { routes } from '@web/app/router';

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
