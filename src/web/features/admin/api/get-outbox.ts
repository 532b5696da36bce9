import { outboxPageSchema, type OutboxPage } from '@shared/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Every page sits under this prefix: a test e-mail or a reminder refreshes them all. */
export const outboxQueryPrefix = ['admin', 'outbox'] as const;
export const outboxQueryKey = (page: number) => [...outboxQueryPrefix, page] as const;

/** GET /api/admin/outbox?page=N: the messages the embedded mail provider kept, newest first (`kept` false under SMTP). */
export function getOutbox(page: number, signal?: AbortSignal): Promise<OutboxPage> {
  return apiClient.get(`/api/admin/outbox?page=${page}`, { schema: outboxPageSchema, signal });
}

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: outboxQueryKey(page),
    queryFn: ({ signal }) => getOutbox(page, signal),
    staleTime: 10 * 1000,
  });

export function useOutbox(page: number) {
  // The previous page stays on screen while the next one loads, so the list does not jump.
  return useQuery({ ...outboxQueryOptions(page), placeholderData: keepPreviousData });
}
