import { TICKET_STATUSES } from '@shared/contracts/support';
import { CircleAlert, Inbox } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';
import { PageSpinner } from '@web/components/ui/spinner';
import { useSupportTickets, type TicketFilter } from '../api/get-support-tickets';
import { AdminTicketCard } from './admin-ticket-card';

const FILTERS: readonly TicketFilter[] = ['all', ...TICKET_STATUSES];

/** The status filter lives in the address too (?tab=support&status=open); anything unknown means all. */
export function readTicketFilter(value: string | null): TicketFilter {
  return FILTERS.find((filter) => filter === value) ?? 'all';
}

/** Ticket dates in long date with time, in the interface's language. */
function useFormatDateTime() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}

interface SupportTicketsTabProps {
  status: TicketFilter;
  onStatusChange: (status: TicketFilter) => void;
}

/** The Support Tickets tab of the admin panel: every ticket, newest first, filtered by status, answered and closed here. */
export function SupportTicketsTab({ status, onStatusChange }: SupportTicketsTabProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const tickets = useSupportTickets(status);
  const formatDateTime = useFormatDateTime();
  const items = tickets.data?.items;

  let body;
  if (tickets.isPending) {
    body = <PageSpinner label={t('tickets.loading')} className="min-h-48" />;
  } else if (tickets.isError && !items) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
        <p className="font-serif text-xl text-ink">{t('tickets.loadFailed')}</p>
        <p className="text-ink-muted">{t('tickets.loadFailedBody')}</p>
        <Button variant="secondary" className="mt-2" pending={tickets.isFetching} onClick={() => void tickets.refetch()}>
          {t('tickets.retry')}
        </Button>
      </div>
    );
  } else if (!items || items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">
          <Inbox aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md leading-relaxed text-ink-muted">{t(`tickets.empty.${status}`)}</p>
      </div>
    );
  } else {
    body = (
      <ul aria-labelledby={`${id}-title`} className="space-y-5">
        {items.map((ticket) => (
          <li key={ticket.id}>
            <AdminTicketCard ticket={ticket} formatDateTime={formatDateTime} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} data-testid="admin-support-tickets" className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <h2 id={`${id}-title`} className="text-2xl font-medium text-ink sm:text-3xl">
            {t('tickets.title')}
          </h2>
          <p className="max-w-prose leading-relaxed text-ink-muted">{t('tickets.description')}</p>
          {/* Announced when the filter changes how many tickets there are. */}
          <p role="status" data-testid="admin-ticket-count" className="min-h-6 text-sm font-medium text-ink-muted">
            {items ? t('tickets.count', { count: items.length }) : null}
          </p>
        </div>
        <FormField id={`${id}-filter`} label={t('tickets.filter')} className="sm:w-48">
          <Select value={status} onChange={(event) => onStatusChange(readTicketFilter(event.target.value))}>
            {FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`tickets.filters.${filter}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {body}
    </section>
  );
}
