import { subscriptionStatusSchema, type SubscriptionStatus } from '@shared/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

/**
 * Every billing query starts with ['billing']: whatever changes a subscription invalidates that prefix
 * (the profile's subscription block reads the same answer under the same key).
 */
export const billingBaseKey = ['billing'] as const;
export const billingStatusQueryKey = [...billingBaseKey, 'status'] as const;

/** GET /api/billing/status: active (free access counts), until when, free access, manageable, and which provider. */
export function getBillingStatus(signal?: AbortSignal): Promise<SubscriptionStatus> {
  return apiClient.get('/api/billing/status', { schema: subscriptionStatusSchema, signal });
}

export const billingStatusQueryOptions = () =>
  queryOptions({
    queryKey: billingStatusQueryKey,
    queryFn: ({ signal }) => getBillingStatus(signal),
    staleTime: 30 * 1000,
  });

export function useBillingStatus() {
  return useQuery(billingStatusQueryOptions());
}
