import type { OutboxPage } from '@shared/contracts/admin';
import { CircleAlert, Inbox, Mail, RefreshCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@web/components/pager';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { PageSpinner } from '@web/components/ui/spinner';
import { useDateFormat } from '@web/lib/date-format';
import { useOutbox } from '../api/get-outbox';

type OutboxMessage = OutboxPage['items'][number];

/**
 * The outbox (while the embedded mail provider is the one in use): every message the app "sent", newest
 * first, twenty a page, each readable in full. Under SMTP nothing is kept, and the card says so.
 */
export function OutboxViewer() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox(page);
  const formatDateTime = useDateFormat('mediumWithTime');
  const data = outbox.data;

  let body;
  if (!data && !outbox.isError) {
    body = <PageSpinner label={t('outbox.loading')} className="min-h-32" />;
  } else if (!data) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 font-medium text-ink">
          <CircleAlert aria-hidden="true" className="size-5 text-danger" />
          {t('outbox.loadFailed')}
        </p>
        <Button variant="secondary" pending={outbox.isFetching} onClick={() => void outbox.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    );
  } else if (!data.kept) {
    body = (
      <p className="flex items-start gap-2 leading-relaxed text-ink-muted" data-testid="admin-outbox-not-kept">
        <Send aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent" />
        {t('outbox.notKept')}
      </p>
    );
  } else if (data.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand text-ink-muted">
          <Inbox aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md leading-relaxed text-ink-muted">{t('outbox.empty')}</p>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <ul aria-label={t('outbox.listLabel')} className="divide-y divide-line rounded-md border border-line" aria-busy={outbox.isPlaceholderData || undefined}>
          {data.items.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => setOpen(message)}
                className="flex w-full cursor-pointer flex-col gap-0.5 px-4 py-3 text-left transition-colors hover:bg-sand focus-visible:outline-offset-[-2px]"
              >
                <span className="font-medium break-words text-ink">{message.subject || t('outbox.noSubject')}</span>
                <span className="flex flex-wrap gap-x-3 text-sm text-ink-muted">
                  <span className="break-all">{t('outbox.to', { to: message.to })}</span>
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pageCount={data.pageCount}
          onPageChange={setPage}
          texts={{
            label: t('outbox.pagination'),
            previous: t('outbox.previous'),
            next: t('outbox.next'),
            status: t('outbox.page', { page: data.page, count: data.pageCount }),
          }}
        />
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="admin-outbox">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id={`${id}-title`}>{t('outbox.title')}</CardTitle>
          <CardDescription>{t('outbox.description')}</CardDescription>
        </div>
        {data?.kept ? (
          <Button variant="ghost" size="sm" pending={outbox.isFetching && !outbox.isPending} onClick={() => void outbox.refetch()}>
            {outbox.isFetching ? null : <RefreshCw aria-hidden="true" />}
            {t('outbox.refresh')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
      <OutboxMessageDialog message={open} formatDateTime={formatDateTime} onClose={() => setOpen(null)} />
    </Card>
  );
}

/**
 * One message, read in full. Its HTML is shown inside a sandboxed frame with no permissions at all: no
 * script runs, no form posts, nothing reaches this page or its cookies, whatever the message contains.
 */
function OutboxMessageDialog({ message, formatDateTime, onClose }: { message: OutboxMessage | null; formatDateTime: (iso: string) => string; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Dialog open={message !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      {message ? (
        <DialogContent closeLabel={t('common:actions.close')} className="flex max-h-[90dvh] max-w-2xl flex-col gap-4 overflow-y-auto" data-testid="admin-outbox-message">
          <div className="space-y-1 pr-10">
            <DialogTitle className="break-words">{message.subject || t('admin:outbox.noSubject')}</DialogTitle>
            <DialogDescription className="flex flex-col text-sm">
              <span className="break-all">{t('admin:outbox.to', { to: message.to })}</span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </DialogDescription>
          </div>
          <iframe
            title={t('admin:outbox.contentLabel')}
            sandbox=""
            srcDoc={message.html}
            referrerPolicy="no-referrer"
            className="h-[50dvh] min-h-64 w-full rounded-md border border-line bg-white"
          />
          <details className="rounded-md border border-line px-4 py-2">
            <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-ink">
              <Mail aria-hidden="true" className="size-4 text-ink-muted" />
              {t('admin:outbox.textVersion')}
            </summary>
            <pre data-testid="admin-outbox-text" className="mt-3 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
              {message.text}
            </pre>
          </details>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
