import { CircleAlert, CircleCheck, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QuietFrame } from '@web/components/quiet-frame';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-head';
import { readUnsubscribeLink, useUnsubscribe } from '../api/unsubscribe';

/** Answers that mean "this link is not one we signed"; anything else (network, 5xx, 429) is worth another try. */
const INVALID_STATUSES = new Set([400, 404]);

/**
 * /unsubscribe?u=…&t=… — where the link at the foot of every reminder e-mail leads. Public: no sign-in.
 * Nothing changes on arrival (mail scanners follow links); the person presses one button to stop reminders.
 */
export function UnsubscribePage() {
  const { t } = useTranslation(['unsubscribe', 'common']);
  const [search] = useSearchParams();
  const link = readUnsubscribeLink(search);
  const stop = useUnsubscribe();

  const invalid = !link || (stop.error instanceof ApiError && INVALID_STATUSES.has(stop.error.status));
  let content: ReactNode;
  if (invalid) {
    content = (
      <State icon={<CircleAlert aria-hidden="true" className="size-6 text-ink-muted" />} title={t('unsubscribe:invalid.title')} testId="unsubscribe-invalid">
        <p className="leading-relaxed text-ink-muted">{t('unsubscribe:invalid.body')}</p>
        <HomeLink />
      </State>
    );
  } else if (stop.isSuccess) {
    content = (
      <State icon={<CircleCheck aria-hidden="true" className="size-6 text-success" />} title={t('unsubscribe:done.title')} testId="unsubscribe-done">
        <p className="leading-relaxed text-ink-muted">{t('unsubscribe:done.body')}</p>
        <HomeLink />
      </State>
    );
  } else {
    content = (
      <State icon={<MailX aria-hidden="true" className="size-6 text-accent" />} title={t('unsubscribe:title')} testId="unsubscribe-ask">
        <p className="leading-relaxed text-ink-muted">{t('unsubscribe:body')}</p>
        <p className="leading-relaxed text-ink-muted">{t('unsubscribe:untouched')}</p>
        <Button size="lg" className="mt-3 w-full sm:w-auto" pending={stop.isPending} onClick={() => stop.mutate(link)}>
          {stop.isPending ? t('unsubscribe:stopping') : t('unsubscribe:stop')}
        </Button>
        {/* Kept in the page so a failure is announced the moment it appears. */}
        <p role="alert" className={stop.isError ? 'text-sm font-medium text-danger' : 'sr-only'}>
          {stop.isError ? t('unsubscribe:failed') : null}
        </p>
      </State>
    );
  }

  usePageTitle(t('unsubscribe:documentTitle'));

  return <QuietFrame>{content}</QuietFrame>;
}

function State({ icon, title, testId, children }: { icon: ReactNode; title: string; testId: string; children: ReactNode }) {
  return (
    <section data-testid={testId} aria-labelledby={`${testId}-title`} className="mt-10 flex w-full max-w-md flex-col items-center gap-3 text-center motion-safe:animate-fade-in">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand">{icon}</span>
      <h1 id={`${testId}-title`} className="mt-2 font-serif text-3xl leading-tight text-ink sm:text-4xl">
        {title}
      </h1>
      {children}
    </section>
  );
}

function HomeLink() {
  const { t } = useTranslation('unsubscribe');
  return (
    <Button asChild variant="secondary" className="mt-3">
      <Link to="/">{t('home')}</Link>
    </Button>
  );
}
