import { couponMapSchema, type CouponMap } from '@shared/contracts/billing';
import type { Language } from '@shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Both languages' maps sit under this prefix. */
export const couponsQueryPrefix = ['admin', 'coupons'] as const;
export const couponsQueryKey = (language: Language) => [...couponsQueryPrefix, language] as const;

/** GET /api/admin/coupons?language=…: the language's coupon map, code → the payment provider's promotion id (admins only). */
export function getCoupons(language: Language, signal?: AbortSignal): Promise<CouponMap> {
  return apiClient.get(`/api/admin/coupons?language=${language}`, { schema: couponMapSchema, signal });
}

export const couponsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: couponsQueryKey(language),
    queryFn: ({ signal }) => getCoupons(language, signal),
    staleTime: 15 * 1000,
  });

export function useCoupons(language: Language) {
  return useQuery(couponsQueryOptions(language));
}
