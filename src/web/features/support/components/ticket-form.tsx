import { zodResolver } from '@hookform/resolvers/zod';
import type { TicketCreateInput } from '@shared/contracts/support';
import { SUPPORT_MESSAGE_MIN_PX } from '@shared/limits';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, fieldClassName } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { translateMessageKey } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { ticketCreateSchema, useCreateTicket } from '../api/create-ticket';

const FIELDS = ['subject', 'message'] as const;

/** Why a ticket was not sent, in words the person can act on. */
function failureReason(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return t('support:ticketForm.loginRequired');
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return t('support:ticketForm.rateLimited');
  return errorMessage(t, error);
}

/**
 * Where Cancel leads: the page the person came from, or home when Support was opened directly (a
 * bookmark, a link in an e-mail). The browser router numbers its entries in history.state.idx.
 */
function hasPreviousEntry(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * The new-ticket form: checked here with the server's own schema and messages,
 * locked while it is sent, emptied and handed over to the History tab once the ticket exists. On
 * failure everything typed stays where it is.
 */
export function TicketForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation(['support', 'validation', 'errors']);
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TicketCreateInput>({ resolver: zodResolver(ticketCreateSchema), defaultValues: { subject: '', message: '' } });
  const submitting = isSubmitting || create.isPending;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
    } catch (error) {
      // A field the server refused is said under that field; the toast says the ticket was not sent.
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const name of FIELDS) {
        const key = fields?.[name]?.[0];
        if (key) setError(name, { message: key });
      }
      toast.error(t('support:ticketForm.submitError'), { id: 'support-ticket', description: failureReason(t, error) });
      return;
    }
    toast.success(t('support:ticketForm.submitSuccess'), { id: 'support-ticket' });
    reset();
    onSubmitted();
  });

  const fieldError = (name: (typeof FIELDS)[number]) => {
    const key = errors[name]?.message;
    return key ? translateMessageKey(t, key, 'validation:invalid') : undefined;
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} data-testid="ticket-form">
      {/* A disabled fieldset locks every control at once while the ticket is on its way. */}
      <fieldset disabled={submitting} className="min-w-0 space-y-5">
        <FormField id={`${id}-subject`} label={t('support:ticketForm.subject')} error={fieldError('subject')}>
          <Input type="text" autoComplete="off" placeholder={t('support:ticketForm.subjectPlaceholder')} required {...register('subject')} />
        </FormField>
        <FormField id={`${id}-message`} label={t('support:ticketForm.message')} error={fieldError('message')}>
          <textarea
            rows={6}
            required
            placeholder={t('support:ticketForm.messagePlaceholder')}
            style={{ minHeight: SUPPORT_MESSAGE_MIN_PX }}
            className={cn(fieldClassName, 'h-auto resize-y py-3 leading-relaxed')}
            {...register('message')}
          />
        </FormField>
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              if (hasPreviousEntry()) void navigate(-1);
              else void navigate('/home');
            }}
          >
            {t('support:ticketForm.cancel')}
          </Button>
          <Button type="submit" pending={submitting}>
            {submitting ? t('support:ticketForm.submitting') : t('support:ticketForm.submit')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
