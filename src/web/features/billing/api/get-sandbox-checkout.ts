import { sandboxCheckoutSchema, type SandboxCheckout } from '@shared/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { billingBaseKey } from '@web/lib/api/get-billing-status';

export const sandboxCheckoutQueryKey = (id: string) => [...billingBaseKey, 'sandbox-checkout', id] as const;

/** GET /api/billing/sandbox/checkouts/{id}: one of the person's own test checkouts (404 for any other id). */
export function getSandboxCheckout(id: string, signal?: AbortSignal): Promise<SandboxCheckout> {
  return apiClient.get(`/api/billing/sandbox/checkouts/${encodeURIComponent(id)}`, { schema: sandboxCheckoutSchema, signal });
}

export const sandboxCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sandboxCheckoutQueryKey(id),
    queryFn: ({ signal }) => getSandboxCheckout(id, signal),
  });

export function useSandboxCheckout(id: string) {
  return useQuery(sandboxCheckoutQueryOptions(id));
}
