import { couponValidateSchema, couponValiditySchema } from '@shared/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@web/lib/api-client';

/**
 * POST /api/admin/coupons/validate {language, code}: whether the pricing page would accept this code in
 * this language (a key of that language's map, exactly). Changes nothing, so nothing to refresh.
 */
export function validateCoupon(input: z.input<typeof couponValidateSchema>): Promise<{ valid: boolean }> {
  return apiClient.post('/api/admin/coupons/validate', couponValidateSchema.parse(input), { schema: couponValiditySchema });
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
