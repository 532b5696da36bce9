import { FlaskConical, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { BackLink } from '@web/components/back-link';
import { usePublicConfig } from '@web/lib/api/get-public-config';
import { toLanguage } from '@web/lib/language';
import { useBillingStatus } from '@web/lib/api/get-billing-status';
import { usePageTitle } from '@web/lib/page-head';
import { CheckoutForm } from '../components/checkout-form';
import { CurrentSubscriptionNote } from '../components/current-subscription-note';
import { PlanCard } from '../components/plan-card';

/**
 * /home/pricing: the one monthly plan, a promotion code, Subscribe, and the way back
 * home. It also says where the person stands, and that nothing was charged after a cancelled payment.
 */
export function PricingPage() {
  const { t, i18n } = useTranslation('billing');
  usePageTitle(t('common:titles.pricing'));
  const language = toLanguage(i18n.resolvedLanguage) ?? 'en';
  const [search] = useSearchParams();
  // The payment page's Cancel brings the person back here with ?canceled=1.
  const canceled = search.get('canceled') === '1';
  // The plan never waits for the status: it only adds a note above and the sandbox's mention.
  const status = useBillingStatus();
  const config = usePublicConfig();
  // A private instance sells nothing: everyone signed in already has access.
  if (config.data?.billing === 'off') return <Navigate to="/home" replace />;

  return (
    <div className="mx-auto w-full max-w-2xl space-y-8">
      <BackLink to="/home">{t('pricing.back')}</BackLink>

      <header className="space-y-3">
        <h1 className="text-4xl font-medium sm:text-5xl">{t('pricing.title')}</h1>
        <p className="max-w-prose text-lg leading-relaxed text-ink-muted">{t('pricing.intro')}</p>
      </header>

      {canceled ? (
        <div role="status" data-testid="pricing-canceled" className="flex gap-3 rounded-lg border border-line bg-sand px-4 py-3.5 sm:px-5">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <div className="space-y-1">
            <p className="font-medium text-ink">{t('pricing.canceled.title')}</p>
            <p className="text-[0.95rem] leading-relaxed text-ink-muted">{t('pricing.canceled.body')}</p>
          </div>
        </div>
      ) : null}

      {status.data ? <CurrentSubscriptionNote status={status.data} /> : null}

      <PlanCard language={language}>
        <CheckoutForm language={language} />
        {status.data?.provider === 'sandbox' ? (
          <p data-testid="pricing-sandbox-note" className="flex gap-2 text-sm leading-relaxed text-ink-muted">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('pricing.sandboxNote')}
          </p>
        ) : null}
      </PlanCard>
    </div>
  );
}
