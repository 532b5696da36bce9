import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { sandboxCheckoutQueryKey } from './get-sandbox-checkout';

/** POST /api/billing/sandbox/checkouts/{id}/cancel: the test checkout closes unpaid (204); nothing else changes. */
export function cancelSandboxCheckout(id: string): Promise<void> {
  return apiClient.post(`/api/billing/sandbox/checkouts/${encodeURIComponent(id)}/cancel`);
}

export function useCancelSandboxCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSandboxCheckout,
    // On success the page leaves for pricing; a refusal usually means the checkout closed meanwhile: ask again.
    onError: (_error, id) => void queryClient.invalidateQueries({ queryKey: sandboxCheckoutQueryKey(id) }),
  });
}
