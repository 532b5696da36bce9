import { zodResolver } from '@hookform/resolvers/zod';
import { REMINDER_SUBJECT_MAX, type TestEmailInput } from '@shared/contracts/admin';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { testEmailSchema, useSendTestEmail } from '../api/send-test-email';
import { SettingsSection } from './settings-section';
import { TextArea } from './text-area';

const FIELDS = ['to', 'subject', 'html'] as const;
type Output = z.output<typeof testEmailSchema>;

/** The e-mail tester (the Email Tools tab): one message through the mail provider, to check it works. */
export function EmailTester() {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const id = useId();
  const send = useSendTestEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TestEmailInput, unknown, Output>({ resolver: zodResolver(testEmailSchema), defaultValues: { to: '', subject: '', html: '' } });
  const sending = isSubmitting || send.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      // The message stays in the form: trying the same one again, or another address, is one click away.
      toast.success(t('admin:tester.sent'), { id: 'admin-test-email' });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const name of FIELDS) {
        const key = fields?.[name]?.[0];
        if (key) setError(name, { message: key });
      }
      // MAIL_SEND_FAILED already says "Failed to send email": the reason is added only when it says more.
      const reason = errorMessage(t, error);
      const title = t('admin:tester.failed');
      toast.error(title, { id: 'admin-test-email', description: reason === title ? undefined : reason });
    }
  });
  const fieldError = (name: (typeof FIELDS)[number]) => {
    const key = errors[name]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return (
    <SettingsSection
      title={t('admin:tester.title')}
      description={t('admin:tester.description')}
      onSubmit={() => void onSubmit()}
      saving={sending}
      // Sending the same test twice is a fair thing to do: the button never waits for a change.
      dirty
      saveLabel={t('admin:tester.send')}
      testId="admin-email-tester"
    >
      <FormField id={`${id}-to`} label={t('admin:tester.to')} error={fieldError('to')}>
        <Input type="email" inputMode="email" autoComplete="off" spellCheck={false} required {...register('to')} />
      </FormField>
      <FormField id={`${id}-subject`} label={t('admin:tester.subject')} error={fieldError('subject')}>
        <Input type="text" autoComplete="off" maxLength={REMINDER_SUBJECT_MAX} {...register('subject')} />
      </FormField>
      <FormField id={`${id}-html`} label={t('admin:tester.html')} hint={t('admin:tester.htmlHint')} error={fieldError('html')}>
        <TextArea rows={6} spellCheck={false} className="font-mono text-sm" {...register('html')} />
      </FormField>
    </SettingsSection>
  );
}
