import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { meQueryKey } from './api/get-me';
import { watchUnauthorized } from './query-client';
import { buildMe } from '@web/testing/mock-fetch';

const unauthorized = () => new ApiError(401, 'UNAUTHENTICATED', 'signed out');

async function failQuery(queryClient: QueryClient, key: string, error: Error) {
  await queryClient.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error), retry: false }).catch(() => undefined);
}

function setup(me: ReturnType<typeof buildMe> | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, me);
  const onUnauthorized = vi.fn();
  const stop = watchUnauthorized(queryClient, onUnauthorized);
  return { queryClient, onUnauthorized, stop };
}

describe('watchUnauthorized', () => {
  it('reports a query answered 401 while someone is signed in', async () => {
    const { queryClient, onUnauthorized } = setup(buildMe());
    await failQuery(queryClient, 'chat-status', unauthorized());
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a mutation answered 401 while someone is signed in', async () => {
    const { queryClient, onUnauthorized } = setup(buildMe());
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(unauthorized()) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('ignores the /api/me query, other errors, and signed-out visitors', async () => {
    const signedIn = setup(buildMe());
    await signedIn.queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: () => Promise.reject(unauthorized()), retry: false }).catch(() => undefined);
    await failQuery(signedIn.queryClient, 'memories', new ApiError(500, 'INTERNAL', 'boom'));
    await failQuery(signedIn.queryClient, 'memories', new ApiError(403, 'FORBIDDEN', 'no'));
    expect(signedIn.onUnauthorized).not.toHaveBeenCalled();

    const signedOut = setup(null);
    await failQuery(signedOut.queryClient, 'chat-status', unauthorized());
    expect(signedOut.onUnauthorized).not.toHaveBeenCalled();
  });

  it('stops when unsubscribed', async () => {
    const { queryClient, onUnauthorized, stop } = setup(buildMe());
    stop();
    await failQuery(queryClient, 'chat-status', unauthorized());
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
