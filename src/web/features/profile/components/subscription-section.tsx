import type { SubscriptionStatus } from '@shared/contracts/billing';
import type { Language } from '@shared/limits';
import { ExternalLink, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDateFormat } from '@web/lib/date-format';
import { ApiError } from '@web/lib/api-client';
import { useChatStatus } from '@web/lib/api/get-chat-status';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import { openAuthErrorDialog } from '@web/lib/auth-error-dialog-store';
import { errorMessage } from '@web/lib/error-message';
import { toLanguage } from '@web/lib/language';
import { useCreateBillingPortal } from '../api/create-billing-portal';
import { useBillingStatus } from '@web/lib/api/get-billing-status';
import { externalNavigation } from '@web/lib/external-navigation';

const TOAST_ID = 'billing-portal';

type BlockState = 'freeAccess' | 'active' | 'pastDue' | 'none';

function blockState(status: SubscriptionStatus): BlockState {
  if (status.isFreeAccess) return 'freeAccess';
  if (status.hasActiveSubscription) return 'active';
  // A payment the provider is still retrying: the portal is where the card gets updated.
  if (status.manageable) return 'pastDue';
  return 'none';
}

/**
 * The subscription block: no subscription → Subscribe (to pricing); a paid one →
 * Manage subscription (the billing portal); free access → no button, nothing to do.
 */
export function SubscriptionSection() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const id = useId();
  const language = toLanguage(i18n.resolvedLanguage) ?? 'en';
  const status = useBillingStatus();
  const config = usePublicConfig();
  // Only to say, before the first journaled day, that the first session is free.
  const chat = useChatStatus(language);
  const state = status.data ? blockState(status.data) : undefined;
  // Without a subscription the words depend on the days journaled: wait for them (a failed read says the later ones).
  const waitingForDays = state === 'none' && chat.isPending;
  // A private instance has no subscriptions to show or manage. The configuration says so first (it is read once, at
  // start): waiting for the status drew a "Subscription" card for a moment, which then vanished and moved the page.
  if (status.data?.provider === 'off' || config.data?.billing === 'off') return null;

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="subscription-section" data-state={state}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-accent" />
          {t('profile:subscription.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {status.isPending || waitingForDays ? (
          <div aria-hidden="true" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : status.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3">
            <p className="text-[0.95rem] text-ink-muted">{t('profile:messages.subscriptionAccessError')}</p>
            <Button variant="secondary" size="sm" pending={status.isFetching} onClick={() => void status.refetch()}>
              {t('common:actions.tryAgain')}
            </Button>
          </div>
        ) : (
          <SubscriptionState status={status.data} firstSession={chat.data?.journalDays === 0} language={language} />
        )}
      </CardContent>
    </Card>
  );
}

function SubscriptionState({ status, firstSession, language }: { status: SubscriptionStatus; firstSession: boolean; language: Language }) {
  const { t } = useTranslation('profile');
  const formatLong = useDateFormat('long');
  const state = blockState(status);
  const key = state === 'none' && !firstSession ? 'noneLater' : state;
  const body =
    state === 'active' && status.expiresAt
      ? t('subscription.active.until', { date: formatLong(status.expiresAt) })
      : t(`subscription.${key}.body`);

  return (
    <>
      <p className="font-serif text-xl leading-snug text-ink">{t(`subscription.${key}.headline`)}</p>
      <CardDescription>{body}</CardDescription>
      {state === 'none' ? (
        <Button asChild variant="secondary" size="sm">
          <Link to="/home/pricing">{t('subscription.subscribe')}</Link>
        </Button>
      ) : state !== 'freeAccess' && status.manageable ? (
        <ManageButton language={language} />
      ) : null}
    </>
  );
}

/** Opens the billing portal, and says why when it cannot (no session, no portal address, a failure). */
function ManageButton({ language }: { language: Language }) {
  const { t } = useTranslation(['profile', 'errors']);
  const portal = useCreateBillingPortal();
  // Set once the portal's address is known: the page is being left, the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const pending = portal.isPending || leaving;

  // Coming back with the browser's Back button may restore this page as it was left: unlock it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const open = () =>
    portal.mutate(
      { language },
      {
        onSuccess: ({ url }) => {
          if (!url) {
            toast.error(t('profile:messages.noPortalUrl'), { id: TOAST_ID });
            return;
          }
          setLeaving(true);
          externalNavigation.assign(url);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            toast.error(t('profile:messages.authError'), { id: TOAST_ID });
            openAuthErrorDialog();
          } else if (error instanceof ApiError && error.code === 'NO_SUBSCRIPTION') {
            toast.error(t('profile:messages.noPortalUrl'), { id: TOAST_ID });
          } else {
            toast.error(t('profile:messages.portalAccessFailed'), { id: TOAST_ID, description: errorMessage(t, error) });
          }
        },
      },
    );

  return (
    <Button variant="secondary" size="sm" pending={pending} onClick={open}>
      {pending ? t('profile:subscription.opening') : t('profile:subscription.manage')}
      {pending ? null : <ExternalLink aria-hidden="true" />}
    </Button>
  );
}
