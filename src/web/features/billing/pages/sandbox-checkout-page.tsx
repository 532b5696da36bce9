import type { SandboxCheckout } from '@shared/contracts/billing';
import { CircleAlert, ReceiptText } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/error-message';
import { usePageTitle } from '@web/lib/page-head';
import { useCancelSandboxCheckout } from '../api/cancel-sandbox-checkout';
import { useCompleteSandboxCheckout } from '../api/complete-sandbox-checkout';
import { useSandboxCheckout } from '../api/get-sandbox-checkout';
import { TestModeBanner } from '../components/test-mode-banner';
import { formatPrice } from '../format';

const TOAST_ID = 'sandbox-checkout';
const pageClassName = 'mx-auto w-full max-w-xl space-y-6';

/**
 * /billing/sandbox/checkout/{id}: the payment page of an installation without a payment provider
 * (decision 0025). Clearly a test: "Pay (test)" moves the subscription through the same event as a real
 * payment and opens the chat; "Cancel" goes back to pricing, where nothing was charged.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation(['billing', 'common']);
  usePageTitle(t('common:titles.sandboxCheckout'));
  const { id = '' } = useParams();
  const checkout = useSandboxCheckout(id);

  if (checkout.isPending) {
    return (
      <div className={pageClassName} aria-busy="true">
        <p role="status" className="sr-only">
          {t('common:loading')}
        </p>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }

  if (checkout.isError) {
    if (checkout.error instanceof ApiError && checkout.error.status === 404) return <CalmState state="missing" />;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
        <CircleAlert aria-hidden="true" className="size-8 text-danger" />
        <h1 className="font-serif text-2xl text-ink">{t('billing:sandbox.checkout.loadFailed')}</h1>
        <p className="leading-relaxed text-ink-muted">{errorMessage(t, checkout.error)}</p>
        <Button variant="secondary" className="mt-2" pending={checkout.isFetching} onClick={() => void checkout.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </div>
    );
  }

  if (checkout.data.status !== 'open') return <CalmState state={checkout.data.status} />;
  return <OpenCheckout checkout={checkout.data} />;
}

function OpenCheckout({ checkout }: { checkout: SandboxCheckout }) {
  const { t } = useTranslation(['billing', 'errors']);
  const titleId = useId();
  const navigate = useNavigate();
  const complete = useCompleteSandboxCheckout();
  const cancel = useCancelSandboxCheckout();

  // Awaited rather than given callbacks: a refusal makes the page read the checkout again, which may
  // unmount this view before a callback would run, and the person must still hear what happened.
  const pay = async () => {
    try {
      await complete.mutateAsync(checkout.id);
    } catch (error) {
      toast.error(t('billing:sandbox.checkout.payFailed'), { id: TOAST_ID, description: errorMessage(t, error) });
      return;
    }
    toast.success(t('billing:sandbox.checkout.paid'), { id: TOAST_ID });
    // Replaced: Back from the chat must not land on a checkout that is already paid.
    void navigate('/home/chat?subscribed=1', { replace: true });
  };

  const leave = async () => {
    try {
      await cancel.mutateAsync(checkout.id);
    } catch (error) {
      toast.error(t('billing:sandbox.checkout.cancelFailed'), { id: TOAST_ID, description: errorMessage(t, error) });
      return;
    }
    void navigate('/home/pricing?canceled=1', { replace: true });
  };

  return (
    <div className={pageClassName}>
      <TestModeBanner title={t('billing:sandbox.checkout.bannerTitle')} body={t('billing:sandbox.checkout.bannerBody')} />
      <Card role="region" aria-labelledby={titleId} data-testid="sandbox-checkout">
        <CardContent className="space-y-6">
          <div className="space-y-2">
            <h1 id={titleId} className="font-serif text-3xl font-medium text-ink">
              {t('billing:sandbox.checkout.title')}
            </h1>
            <p className="leading-relaxed text-ink-muted">{t('billing:sandbox.checkout.intro')}</p>
          </div>
          <dl className="divide-y divide-line rounded-md border border-line">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <dt className="text-ink-muted">{t('billing:sandbox.checkout.plan')}</dt>
              <dd className="font-medium text-ink">{t('billing:pricing.plan.name')}</dd>
            </div>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
              <dt className="text-ink-muted">{t('billing:sandbox.checkout.price')}</dt>
              {/* The checkout's own language decides the currency, as a real payment page would. */}
              <dd data-testid="sandbox-checkout-price" className="font-medium text-ink">
                {t('billing:sandbox.checkout.pricePerMonth', { price: formatPrice(checkout.language) })}
              </dd>
            </div>
            {checkout.promotion ? (
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <dt className="text-ink-muted">{t('billing:sandbox.checkout.promotion')}</dt>
                <dd data-testid="sandbox-checkout-promotion" className="font-medium break-all text-ink">
                  {checkout.promotion}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={complete.isPending} pending={cancel.isPending} onClick={() => void leave()}>
              {t('billing:sandbox.checkout.cancel')}
            </Button>
            <Button disabled={cancel.isPending} pending={complete.isPending} onClick={() => void pay()}>
              {complete.isPending ? t('billing:sandbox.checkout.paying') : t('billing:sandbox.checkout.pay')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** A checkout that cannot be paid any more (or was never this person's): nothing to do here but go on. */
function CalmState({ state }: { state: 'missing' | 'completed' | 'canceled' }) {
  const { t } = useTranslation('billing');
  const paid = state === 'completed';
  return (
    <div className={pageClassName}>
      <Card data-testid="sandbox-checkout-closed" data-state={state}>
        <CardContent className="flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-sand">
            <ReceiptText aria-hidden="true" className="size-6 text-ink-muted" />
          </span>
          <h1 className="mt-1 font-serif text-2xl text-ink">{t(`sandbox.checkout.${state}.title`)}</h1>
          <p className="max-w-prose leading-relaxed text-ink-muted">{t(`sandbox.checkout.${state}.body`)}</p>
          <Button asChild variant={paid ? 'primary' : 'secondary'} className="mt-2">
            <Link to={paid ? '/home/chat' : '/home/pricing'}>{paid ? t('sandbox.checkout.toChat') : t('sandbox.checkout.toPricing')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
