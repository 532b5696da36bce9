import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { meQueryKey } from './api/get-me';

/** Client errors (4xx) will not change by asking again; network blips and 5xx get two more tries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Calls `onUnauthorized` when a query or a mutation fails with 401 while someone is signed in
 * (/api/me cached non-null): their session ended behind their back. The /api/me query itself is
 * left out — a 401 there simply means "signed out" and the protected routes handle it.
 *
 * This listens to the caches of whichever client it is given rather than being passed to the
 * QueryCache constructor, so the app's client and the one each test builds behave the same.
 * Returns the unsubscribe function.
 */
export function watchUnauthorized(queryClient: QueryClient, onUnauthorized: () => void): () => void {
  const signedIn = () => Boolean(queryClient.getQueryData(meQueryKey));

  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if ((event.query.queryKey as readonly unknown[])[0] === meQueryKey[0]) return;
    if (isUnauthorized(event.action.error) && signedIn()) onUnauthorized();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (isUnauthorized(event.action.error) && signedIn()) onUnauthorized();
  });

  return () => {
    stopQueries();
    stopMutations();
  };
}
