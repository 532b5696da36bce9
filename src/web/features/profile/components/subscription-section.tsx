import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useChatStatus } from '@web/lib/api/get-chat-status';
import { toLanguage } from '@web/lib/language';

/**
 * The subscription block (spec §2 "Profile"). Until billing arrives it only tells where the person stands:
 * free access (given by an administrator), an active subscription, or the free first session.
 */
export function SubscriptionSection() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const id = useId();
  const status = useChatStatus(toLanguage(i18n.resolvedLanguage) ?? 'en');
  const subscription = status.data?.subscription;
  const state = subscription?.freeAccess ? 'freeAccess' : subscription?.active ? 'active' : 'none';

  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid="subscription-section">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-accent" />
          {t('profile:subscription.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {status.isPending ? (
          <div aria-hidden="true" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ) : status.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-[0.95rem] text-ink-muted">{t('profile:subscription.checkFailed')}</p>
            <Button variant="secondary" size="sm" pending={status.isFetching} onClick={() => void status.refetch()}>
              {t('common:actions.tryAgain')}
            </Button>
          </div>
        ) : (
          <>
            <p className="font-serif text-xl leading-snug text-ink">{t(`profile:subscription.${state}.headline`)}</p>
            <CardDescription>{t(`profile:subscription.${state}.body`)}</CardDescription>
            {state === 'none' ? (
              <Button asChild variant="secondary" size="sm">
                <Link to="/home/pricing">{t('profile:subscription.none.action')}</Link>
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
