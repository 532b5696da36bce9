import type { ChatStatusResponse } from '@shared/contracts/chat';
import { ArrowRight, CircleAlert, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import type { MainAction } from '../main-action';
import { useAgentGenderContext } from '@web/lib/agent-gender';

interface TodayCardProps {
  action: MainAction;
  status: ChatStatusResponse | undefined;
  onStart: () => void;
  onRetry: () => void;
  retrying: boolean;
}

/** Where today begins: the days journaled, the access notes and the one main button. */
export function TodayCard({ action, status, onStart, onRetry, retrying }: TodayCardProps) {
  const { t } = useTranslation('home');
  const context = useAgentGenderContext();
  // A private instance sells nothing: its first session is not "free", it is just the first.
  const billingOff = usePublicConfig().data?.billing === 'off';

  if (action.kind === 'error') {
    return (
      <Card data-testid="home-today" data-state="error">
        <CardContent role="alert" className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-3">
            <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-danger" />
            <div className="space-y-1">
              <p className="font-serif text-xl text-ink">{t('today.error')}</p>
              <p className="max-w-prose text-[0.95rem] leading-relaxed text-ink-muted">{t('today.errorHint')}</p>
            </div>
          </div>
          <Button variant="secondary" className="w-full sm:w-auto" pending={retrying} onClick={onRetry}>
            {t('common:actions.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    );
  }

  const loading = action.kind === 'loading';
  const journalDays = status?.journalDays;
  const subscribe = action.kind === 'subscribe';

  return (
    <Card data-testid="home-today" data-state={action.kind} aria-busy={loading || undefined}>
      <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-2">
          <p className="text-xs font-semibold tracking-[0.14em] text-ink-muted uppercase">{t('today.label')}</p>
          {loading ? (
            // Each bar sits in a line box as tall as the line that replaces it (the days, then today's limit), so the
            // card keeps its height when the status arrives and nothing below it moves.
            <>
              <div aria-hidden="true" className="flex h-[1.375em] items-center font-serif text-2xl">
                <Skeleton className="h-7 w-64 max-w-full" />
              </div>
              <div aria-hidden="true" className="flex h-5 items-center text-sm">
                <Skeleton className="h-4 w-48 max-w-full" />
              </div>
            </>
          ) : journalDays === undefined ? null : (
            <>
              <p data-testid="home-journal-days" className="font-serif text-2xl leading-snug text-ink">
                {journalDays === 0 ? t(billingOff ? 'today.firstSession' : 'today.firstSessionFree') : t('today.days', { count: journalDays })}
              </p>
              {journalDays === 0 ? <p className="max-w-prose leading-relaxed text-ink-muted">{t('today.firstSessionHint', { context })}</p> : null}
            </>
          )}
          {status && !subscribe ? (
            <p data-testid="home-generation-limit" className="text-sm text-ink-muted">
              {status.generation.canGenerate
                ? t('today.limitLeft', { remaining: status.generation.remaining, count: status.generation.limit })
                : t('today.limitReached')}
            </p>
          ) : null}
          {status?.subscription.freeAccess ? (
            <p data-testid="home-free-access" className="inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-strong">
              <Gift aria-hidden="true" className="size-4" />
              {t('today.freeAccess')}
            </p>
          ) : null}
          {subscribe ? (
            <p data-testid="home-subscription-note" id="home-subscription-note" className="max-w-prose leading-relaxed text-ink-muted">
              {t('today.subscriptionRequired')}
            </p>
          ) : null}
        </div>

        <Button
          size="lg"
          // The French label is long: on a narrow screen it wraps instead of running off the button.
          className="h-auto min-h-12 w-full py-3 text-center whitespace-normal sm:w-auto"
          data-testid="home-main-action"
          data-action={action.kind}
          pending={loading}
          aria-describedby={subscribe ? 'home-subscription-note' : undefined}
          onClick={onStart}
        >
          {loading ? t('today.checking') : subscribe ? t('today.subscribe') : t('today.start')}
          {loading ? null : <ArrowRight aria-hidden="true" />}
        </Button>
      </CardContent>
    </Card>
  );
}
