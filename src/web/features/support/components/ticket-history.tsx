import type { Ticket } from '@shared/contracts/support';
import { Inbox } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { useTickets } from '../api/get-tickets';
import { TicketStatusBadge } from '@web/components/ticket-status-badge';

/** Ticket dates in long date with time, in the interface's language. */
function useFormatDateTime() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}

/**
 * The History tab: the person's own tickets, newest first, with our answers. A list that fails
 * to load shows the empty state — here with a quiet way to try again, so the person is not left guessing.
 */
export function TicketHistory({ onWrite }: { onWrite: () => void }) {
  const { t } = useTranslation('support');
  const tickets = useTickets();
  const formatDateTime = useFormatDateTime();

  if (tickets.isPending) return <PageSpinner label={t('history.loading')} className="min-h-48" />;

  const items = tickets.data?.items ?? [];
  if (items.length === 0) {
    return (
      <div data-testid="ticket-history" data-state="empty" className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">
          <Inbox aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md leading-relaxed text-ink-muted">{t('noTickets')}</p>
        <Button variant="secondary" onClick={onWrite}>
          {t('history.write')}
        </Button>
        {tickets.isError ? (
          <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-ink-muted">
            {t('history.loadFailed')}
            <Button variant="link" size="sm" pending={tickets.isFetching} onClick={() => void tickets.refetch()}>
              {t('history.retry')}
            </Button>
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <ul data-testid="ticket-history" data-state="ready" aria-label={t('history.label')} className="space-y-5">
      {items.map((ticket) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} formatDateTime={formatDateTime} />
        </li>
      ))}
    </ul>
  );
}

function TicketCard({ ticket, formatDateTime }: { ticket: Ticket; formatDateTime: (iso: string) => string }) {
  const { t } = useTranslation('support');
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-line bg-surface p-5 shadow-soft sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="min-w-0 font-serif text-xl leading-snug wrap-anywhere text-ink">
          {ticket.subject}
        </h2>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="mt-1 text-sm text-ink-muted">
        <time dateTime={ticket.createdAt}>{t('history.submitted', { date: formatDateTime(ticket.createdAt) })}</time>
      </p>
      <p className="mt-4 leading-relaxed wrap-anywhere whitespace-pre-wrap text-ink">{ticket.message}</p>
      {ticket.adminResponse ? (
        <section aria-labelledby={`${headingId}-answer`} className="mt-5 rounded-md border-l-4 border-accent/50 bg-accent-soft/60 px-4 py-3.5">
          <h3 id={`${headingId}-answer`} className="font-sans text-xs font-semibold tracking-[0.14em] text-accent-strong uppercase">
            {t('history.answer')}
          </h3>
          {ticket.adminResponseAt ? (
            <p className="mt-0.5 text-sm text-ink-muted">
              <time dateTime={ticket.adminResponseAt}>{t('history.answeredOn', { date: formatDateTime(ticket.adminResponseAt) })}</time>
            </p>
          ) : null}
          <p className="mt-2 leading-relaxed wrap-anywhere whitespace-pre-wrap text-ink">{ticket.adminResponse}</p>
        </section>
      ) : null}
    </article>
  );
}
