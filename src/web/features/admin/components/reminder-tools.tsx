import { zodResolver } from '@hookform/resolvers/zod';
import { REMINDER_DAYS_MAX, type ReminderResult } from '@shared/contracts/admin';
import { REMINDER_DEFAULT_DAYS } from '@shared/limits';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { bulkReminderSchema, useSendBulkReminders } from '../api/send-bulk-reminders';
import { useSendSingleReminder } from '../api/send-single-reminder';
import { numberOrNaN } from '../hooks/use-settings-form';
import { SettingsSection } from './settings-section';

/** Reminders by hand: everyone inactive for some days (7 by default), or one person. */
export function ReminderTools() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BulkReminderForm />
      <SingleReminderForm />
    </div>
  );
}

/** The spec's counts: how many went, how many did not, or that nobody needed one. */
function announceBulk(t: TFunction, result: ReminderResult) {
  if (result.candidates === 0) {
    toast.info(t('admin:reminders.noneNeeded'), { id: 'admin-bulk-reminders' });
    return;
  }
  if (result.sent > 0) toast.success(t('admin:reminders.bulkSent', { count: result.sent }), { id: 'admin-bulk-reminders' });
  if (result.failed > 0) toast.error(t('admin:reminders.bulkFailed', { count: result.failed }), { id: 'admin-bulk-reminders-failed' });
}

const bulkFormSchema = z.object({ days: bulkReminderSchema.shape.days });

function BulkReminderForm() {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const id = useId();
  const send = useSendBulkReminders();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof bulkFormSchema>, unknown, z.output<typeof bulkFormSchema>>({
    resolver: zodResolver(bulkFormSchema),
    defaultValues: { days: REMINDER_DEFAULT_DAYS },
  });
  const sending = isSubmitting || send.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      announceBulk(t, await send.mutateAsync(values));
    } catch (error) {
      toast.error(t('admin:reminders.bulkError'), { id: 'admin-bulk-reminders', description: errorMessage(t, error) });
    }
  });
  const daysError = errors.days?.message ? translateMessageKey(t, errors.days.message, 'validation:reminderDaysInvalid') : undefined;

  return (
    <SettingsSection
      title={t('admin:reminders.bulkTitle')}
      description={t('admin:reminders.bulkDescription')}
      onSubmit={() => void onSubmit()}
      saving={sending}
      dirty
      saveLabel={t('admin:reminders.bulkSend')}
      testId="admin-bulk-reminders"
    >
      <FormField id={`${id}-days`} label={t('admin:reminders.days')} hint={t('admin:reminders.daysHint')} error={daysError}>
        <Input type="number" inputMode="numeric" min={1} max={REMINDER_DAYS_MAX} step={1} {...register('days', { setValueAs: numberOrNaN })} />
      </FormField>
    </SettingsSection>
  );
}

/** "Please enter an email address" when empty, then the usual address check. */
const singleFormSchema = z.object({
  email: z.string().trim().min(1, 'admin.reminders.emailRequired').pipe(z.email({ error: 'validation.emailInvalid' })),
});

/** What became of a reminder to one person, in the spec's words. */
function singleFailure(t: TFunction, error: unknown): { message: string; description?: string; calm?: boolean } {
  if (error instanceof ApiError && error.code === 'USER_NOT_FOUND') return { message: t('errors:USER_NOT_FOUND') };
  // Their own choice, not a fault: said plainly.
  if (error instanceof ApiError && error.code === 'REMINDERS_OPTED_OUT') return { message: t('errors:REMINDERS_OPTED_OUT'), calm: true };
  return { message: t('admin:reminders.singleFailed'), description: errorMessage(t, error) };
}

function SingleReminderForm() {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const id = useId();
  const send = useSendSingleReminder();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof singleFormSchema>, unknown, z.output<typeof singleFormSchema>>({
    resolver: zodResolver(singleFormSchema),
    defaultValues: { email: '' },
  });
  const sending = isSubmitting || send.isPending;

  const onSubmit = handleSubmit(async (values) => {
    let result: ReminderResult;
    try {
      result = await send.mutateAsync(values);
    } catch (error) {
      const key = error instanceof ApiError ? error.fields?.email?.[0] : undefined;
      if (key) setError('email', { message: key });
      const { message, description, calm } = singleFailure(t, error);
      if (calm) toast.info(message, { id: 'admin-single-reminder' });
      else toast.error(message, { id: 'admin-single-reminder', description });
      return;
    }
    if (result.sent > 0) toast.success(t('admin:reminders.singleSent'), { id: 'admin-single-reminder' });
    else toast.error(t('admin:reminders.singleFailed'), { id: 'admin-single-reminder' });
  });
  const emailError = errors.email?.message ? translateMessageKey(t, errors.email.message, 'validation:emailInvalid') : undefined;

  return (
    <SettingsSection
      title={t('admin:reminders.singleTitle')}
      description={t('admin:reminders.singleDescription')}
      onSubmit={() => void onSubmit()}
      saving={sending}
      dirty
      saveLabel={t('admin:reminders.singleSend')}
      testId="admin-single-reminder"
    >
      <FormField id={`${id}-email`} label={t('admin:reminders.email')} error={emailError}>
        <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} required {...register('email')} />
      </FormField>
    </SettingsSection>
  );
}
