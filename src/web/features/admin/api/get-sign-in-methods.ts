import { signInMethodsSchema, type SignInMethods } from '@shared/contracts/sign-in';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const signInMethodsQueryKey = ['admin', 'sign-in'] as const;

/** GET /api/admin/sign-in: single sign-on as configured, the password switch, and whether the asker used SSO. */
export function getSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return apiClient.get('/api/admin/sign-in', { schema: signInMethodsSchema, signal });
}

export function useSignInMethods() {
  return useQuery(queryOptions({ queryKey: signInMethodsQueryKey, queryFn: ({ signal }) => getSignInMethods(signal) }));
}
