import { couponAddSchema, couponMapSchema, type CouponMap } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@web/lib/api-client';
import { couponsQueryKey } from './get-coupons';

export { couponAddSchema };

/**
 * POST /api/admin/coupons {language, code, promotionId}: both trimmed and required; a code that
 * exists already gets the new promotion id. Answers the language's whole map as it now is.
 */
export function addCoupon(input: z.input<typeof couponAddSchema>): Promise<CouponMap> {
  return apiClient.post('/api/admin/coupons', couponAddSchema.parse(input), { schema: couponMapSchema });
}

export function useAddCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCoupon,
    onSuccess: (map) => queryClient.setQueryData(couponsQueryKey(map.language), map),
    onSettled: (_map, _error, input) => queryClient.invalidateQueries({ queryKey: couponsQueryKey(input.language) }),
  });
}
