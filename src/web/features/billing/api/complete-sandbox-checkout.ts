import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { billingStatusQueryKey } from '@web/lib/api/get-billing-status';
import { sandboxCheckoutQueryKey } from './get-sandbox-checkout';

/**
 * POST /api/billing/sandbox/checkouts/{id}/complete: the test payment succeeds and the subscription
 * becomes active through the same event a real payment would send (204; 409 CONFLICT once closed).
 */
export function completeSandboxCheckout(id: string): Promise<void> {
  return apiClient.post(`/api/billing/sandbox/checkouts/${encodeURIComponent(id)}/complete`);
}

export function useCompleteSandboxCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxCheckout,
    // A refusal usually means the checkout closed meanwhile: ask again so the page shows it.
    onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: sandboxCheckoutQueryKey(id) }),
    // Access may have changed. Reset, not just invalidated: the next screen waits for the new answer
    // instead of briefly showing the old one.
    onSettled: async () => {
      await Promise.all([
        queryClient.resetQueries({ queryKey: billingStatusQueryKey }),
        queryClient.resetQueries({ queryKey: chatStatusBaseKey }),
      ]);
    },
  });
}
