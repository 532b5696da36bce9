import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '@web/app/providers';

/**
 * One component with the app's providers (texts, queries, toasts) but none of its routes: for components a
 * test wants on their own. Queries and mutations are not retried, so a refusal shows at once.
 */
export function renderWithProviders(ui: ReactNode, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  const user = userEvent.setup();
  const view = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  return { ...view, queryClient, user };
}
