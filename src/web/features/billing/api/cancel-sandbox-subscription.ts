import type { SubscriptionStatus } from '@shared/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { chatStatusBaseKey } from '@web/lib/api/get-chat-status';
import { billingBaseKey, billingStatusQueryKey } from '@web/lib/api/get-billing-status';

/**
 * POST /api/billing/sandbox/portal/cancel: the test portal ends the subscription through the same event
 * a real cancellation sends (204; 409 NO_SUBSCRIPTION when there is none to cancel).
 */
export function cancelSandboxSubscription(): Promise<void> {
  return apiClient.post('/api/billing/sandbox/portal/cancel');
}

export function useCancelSandboxSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSandboxSubscription,
    onSuccess: () => {
      // The profile opened next shows the cancellation at once (free access, if any, still counts);
      // the refetch only confirms it.
      queryClient.setQueryData<SubscriptionStatus>(billingStatusQueryKey, (status) =>
        status ? { ...status, hasActiveSubscription: status.isFreeAccess, expiresAt: null, status: 'canceled', manageable: false } : status,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: billingBaseKey });
      // Reset, not just invalidated: the home and the chat wait for the new access rule instead of
      // briefly showing the old one.
      void queryClient.resetQueries({ queryKey: chatStatusBaseKey });
    },
  });
}
