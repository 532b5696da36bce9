import { reminderResultSchema, singleReminderSchema, type ReminderResult } from '@shared/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { outboxQueryPrefix } from './get-outbox';

/**
 * POST /api/admin/reminders/single {email}: reminds one person (404 USER_NOT_FOUND for an unknown address,
 * 409 REMINDERS_OPTED_OUT when they unsubscribed).
 */
export function sendSingleReminder(input: { email: string }): Promise<ReminderResult> {
  return apiClient.post('/api/admin/reminders/single', singleReminderSchema.parse(input), { schema: reminderResultSchema });
}

export function useSendSingleReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSingleReminder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryPrefix }),
  });
}
