import { checkoutRequestSchema, checkoutResponseSchema, type CheckoutRequest, type CheckoutResponse } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { billingBaseKey } from '@web/lib/api/get-billing-status';

export { checkoutRequestSchema };

/**
 * POST /api/billing/checkout: the payment page's address, or
 * { hasActiveSubscription: true } when the person is already subscribed. A promotion code is trimmed
 * and sent only when something is left; an unknown one answers 400 INVALID_PROMO_CODE.
 */
export function createCheckout(input: CheckoutRequest): Promise<CheckoutResponse> {
  const promoCode = input.promoCode?.trim();
  const body: CheckoutRequest = promoCode ? { language: input.language, promoCode } : { language: input.language };
  return apiClient.post('/api/billing/checkout', checkoutRequestSchema.parse(body), { schema: checkoutResponseSchema });
}

export function useCreateCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (answer) => {
      // "Already subscribed" means the screens' idea of access is out of date.
      if ('hasActiveSubscription' in answer) {
        void queryClient.invalidateQueries({ queryKey: billingBaseKey });
        void queryClient.invalidateQueries({ queryKey: chatStatusBaseKey });
      }
    },
  });
}
