import { bulkReminderSchema, reminderResultSchema, type ReminderResult } from '@shared/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { outboxQueryPrefix } from './get-outbox';

export { bulkReminderSchema };

/**
 * POST /api/admin/reminders/bulk {days}: reminds everyone whose last chat is more than `days` days old, in
 * their language (never twice within those days, never after they unsubscribed). Counts what happened.
 */
export function sendBulkReminders(input: { days: number }): Promise<ReminderResult> {
  return apiClient.post('/api/admin/reminders/bulk', bulkReminderSchema.parse(input), { schema: reminderResultSchema });
}

export function useSendBulkReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBulkReminders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryPrefix }),
  });
}
