import { testEmailSchema, type TestEmailInput } from '@shared/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { outboxQueryPrefix } from './get-outbox';

export { testEmailSchema };

/** POST /api/admin/email/test: one message through the mail provider (502 MAIL_SEND_FAILED when it refuses). 204. */
export function sendTestEmail(input: TestEmailInput): Promise<void> {
  return apiClient.post('/api/admin/email/test', testEmailSchema.parse(input));
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryPrefix }),
  });
}
