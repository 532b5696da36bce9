import type { AdminTicket } from '@shared/contracts/support';
import { SUPPORT_MESSAGE_MAX } from '@shared/limits';
import { Mail, MessageSquareReply } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/error-message';
import { cn } from '@web/lib/utils';
import { useCloseTicket } from '../api/close-ticket';
import { useRespondToTicket } from '../api/respond-to-ticket';
import { TicketStatusBadge } from '@web/components/ticket-status-badge';

interface AdminTicketCardProps {
  ticket: AdminTicket;
  formatDateTime: (iso: string) => string;
}

/**
 * One ticket as an administrator sees it: who wrote, what, and any answer already given; Respond opens
 * a small form under it, Close is offered until the ticket is closed; Respond stays available.
 */
export function AdminTicketCard({ ticket, formatDateTime }: AdminTicketCardProps) {
  const { t } = useTranslation(['admin', 'errors']);
  const id = useId();
  const headingId = `${id}-subject`;
  const [responding, setResponding] = useState(false);
  const [response, setResponse] = useState('');
  const respondButton = useRef<HTMLButtonElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const respond = useRespondToTicket();
  const close = useCloseTicket();

  // Opening the form puts the cursor in it.
  useEffect(() => {
    if (responding) textarea.current?.focus();
  }, [responding]);

  const stopResponding = () => {
    setResponding(false);
    setResponse('');
    // The form is gone: the keyboard goes back to the button that opened it.
    requestAnimationFrame(() => respondButton.current?.focus());
  };

  const onRespond = () => {
    respond.mutate(
      { id: ticket.id, response },
      {
        onSuccess: ({ notified }) => {
          toast.success(t('tickets.toasts.responded'), {
            id: `ticket-${ticket.id}`,
            description: notified ? undefined : t('tickets.toasts.notNotified'),
          });
          stopResponding();
        },
        // The text stays in the box, ready to send again.
        onError: (error) => toast.error(t('tickets.toasts.respondFailed'), { id: `ticket-${ticket.id}`, description: errorMessage(t, error) }),
      },
    );
  };

  const onClose = () => {
    close.mutate(ticket.id, {
      onSuccess: () => {
        toast.success(t('tickets.toasts.closed'), { id: `ticket-${ticket.id}` });
        // Close disappears with the closed status: the focus moves to the action that remains.
        requestAnimationFrame(() => respondButton.current?.focus());
      },
      onError: (error) => toast.error(t('tickets.toasts.closeFailed'), { id: `ticket-${ticket.id}`, description: errorMessage(t, error) }),
    });
  };

  const blank = response.trim().length === 0;
  const busy = respond.isPending || close.isPending;

  return (
    <article aria-labelledby={headingId} data-testid="admin-ticket" className="rounded-lg border border-line bg-surface p-5 shadow-soft sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h3 id={headingId} className="min-w-0 font-serif text-xl leading-snug wrap-anywhere text-ink">
          {ticket.subject}
        </h3>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t('tickets.from')}</span>
          <span data-testid="ticket-requester" className={cn('min-w-0 wrap-anywhere', ticket.email ? 'text-ink' : 'italic')}>
            {ticket.email ?? t('tickets.deletedAccount')}
          </span>
        </span>
        <time dateTime={ticket.createdAt}>{t('tickets.submitted', { date: formatDateTime(ticket.createdAt) })}</time>
      </p>
      <p className="mt-4 leading-relaxed wrap-anywhere whitespace-pre-wrap text-ink">{ticket.message}</p>

      {ticket.adminResponse ? (
        <section aria-labelledby={`${id}-response`} className="mt-5 rounded-md border-l-4 border-accent/50 bg-accent-soft/60 px-4 py-3.5">
          <h4 id={`${id}-response`} className="font-sans text-xs font-semibold tracking-[0.14em] text-accent-strong uppercase">
            {t('tickets.response')}
          </h4>
          {ticket.adminResponseAt ? (
            <p className="mt-0.5 text-sm text-ink-muted">
              <time dateTime={ticket.adminResponseAt}>{t('tickets.respondedOn', { date: formatDateTime(ticket.adminResponseAt) })}</time>
            </p>
          ) : null}
          <p className="mt-2 leading-relaxed wrap-anywhere whitespace-pre-wrap text-ink">{ticket.adminResponse}</p>
        </section>
      ) : null}

      {responding ? (
        <form
          noValidate
          className="mt-5 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!blank && !respond.isPending) onRespond();
          }}
        >
          <FormField id={`${id}-response-text`} label={t('tickets.responseLabel')} hint={t('tickets.responseHint')}>
            <textarea
              ref={textarea}
              rows={5}
              maxLength={SUPPORT_MESSAGE_MAX}
              value={response}
              disabled={respond.isPending}
              placeholder={t('tickets.responsePlaceholder')}
              onChange={(event) => setResponse(event.target.value)}
              className={cn(fieldClassName, 'h-auto min-h-32 resize-y py-3 leading-relaxed')}
            />
          </FormField>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={blank} pending={respond.isPending}>
              {t('tickets.sendResponse')}
            </Button>
            <Button variant="ghost" disabled={respond.isPending} onClick={stopResponding}>
              {t('tickets.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-5 flex flex-wrap gap-3">
          <Button ref={respondButton} variant="secondary" size="sm" disabled={busy} onClick={() => setResponding(true)}>
            <MessageSquareReply aria-hidden="true" />
            {ticket.adminResponse ? t('tickets.respondAgain') : t('tickets.respond')}
          </Button>
          {ticket.status !== 'closed' ? (
            <Button variant="ghost" size="sm" pending={close.isPending} disabled={respond.isPending} onClick={onClose}>
              {t('tickets.close')}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
