import { adminUsersPageSchema, type AdminUsersPage } from '@shared/contracts/billing';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export type AdminUser = AdminUsersPage['items'][number];

/** Every search and page sits under this prefix: a free-access change refreshes them all. */
export const adminUsersQueryPrefix = ['admin', 'users'] as const;
export const adminUsersQueryKey = (search: string, page: number) => [...adminUsersQueryPrefix, search, page] as const;

/** GET /api/admin/users?search=&page=: accounts newest first, twenty a page, found by part of their e-mail (admins only). */
export function getAdminUsers(search: string, page: number, signal?: AbortSignal): Promise<AdminUsersPage> {
  const query = new URLSearchParams({ search, page: String(page) });
  return apiClient.get(`/api/admin/users?${query.toString()}`, { schema: adminUsersPageSchema, signal });
}

export const adminUsersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: adminUsersQueryKey(search, page),
    queryFn: ({ signal }) => getAdminUsers(search, page, signal),
    staleTime: 15 * 1000,
  });

export function useAdminUsers(search: string, page: number) {
  // The last answer stays on screen while the next search or page loads, so the list does not flash empty.
  return useQuery({ ...adminUsersQueryOptions(search, page), placeholderData: keepPreviousData });
}

/** Puts one person's new state into every cached search and page, before the refetch confirms it. */
export function updateCachedUser(queryClient: QueryClient, id: string, change: Partial<AdminUser>) {
  queryClient.setQueriesData<AdminUsersPage>({ queryKey: adminUsersQueryPrefix }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)) } : page,
  );
}
