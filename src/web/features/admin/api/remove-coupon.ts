import { couponMapSchema, type CouponMap } from '@shared/contracts/billing';
import type { Language } from '@shared/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { couponsQueryKey } from './get-coupons';

/** DELETE /api/admin/coupons/{language}/{code}: answers the language's map without it (404 when it was not there). */
export function removeCoupon({ language, code }: { language: Language; code: string }): Promise<CouponMap> {
  return apiClient.delete(`/api/admin/coupons/${language}/${encodeURIComponent(code)}`, { schema: couponMapSchema });
}

export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCoupon,
    onSuccess: (map) => queryClient.setQueryData(couponsQueryKey(map.language), map),
    // A 404 means someone else removed it first: the refetch shows the list as it really is.
    onSettled: (_map, _error, input) => queryClient.invalidateQueries({ queryKey: couponsQueryKey(input.language) }),
  });
}
