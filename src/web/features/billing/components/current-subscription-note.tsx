import type { SubscriptionStatus } from '@shared/contracts/billing';
import { CircleAlert, Gift, HeartHandshake } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { useDateFormat } from '@web/lib/date-format';

type NoteState = 'freeAccess' | 'active' | 'pastDue';

function noteState(status: SubscriptionStatus): NoteState | null {
  if (status.isFreeAccess) return 'freeAccess';
  if (status.hasActiveSubscription) return 'active';
  // A failed payment the provider is still retrying: the chat waits, the card can be updated.
  if (status.manageable && status.status === 'past_due') return 'pastDue';
  return null;
}

/** Where the person already stands, above the plan: subscribed, free access, or a payment to fix. */
export function CurrentSubscriptionNote({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('billing');
  const formatLong = useDateFormat('long');
  const titleId = useId();
  const state = noteState(status);
  if (!state) return null;
  const Icon = state === 'freeAccess' ? Gift : state === 'active' ? HeartHandshake : CircleAlert;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="pricing-current"
      data-state={state}
      className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-5 shadow-soft sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden="true" className={state === 'pastDue' ? 'mt-1 size-5 shrink-0 text-danger' : 'mt-1 size-5 shrink-0 text-accent'} />
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="font-serif text-xl text-ink">
            {t(`pricing.current.${state}.title`)}
          </h2>
          <p className="max-w-prose text-[0.95rem] leading-relaxed text-ink-muted">
            {t(`pricing.current.${state}.body`)}
            {state === 'active' && status.expiresAt ? ` ${t('pricing.current.active.until', { date: formatLong(status.expiresAt) })}` : ''}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:shrink-0">
        {state === 'pastDue' ? (
          <Button asChild variant="secondary">
            <Link to="/home/profile">{t('pricing.current.toProfile')}</Link>
          </Button>
        ) : (
          <>
            <Button asChild>
              <Link to="/home/chat">{t('pricing.current.toChat')}</Link>
            </Button>
            {state === 'active' ? (
              <Button asChild variant="ghost" size="sm">
                <Link to="/home/profile">{t('pricing.current.toProfile')}</Link>
              </Button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
