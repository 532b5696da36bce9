import type { SubscriptionStatus } from '@shared/contracts/billing';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadFailed, LoadingBars } from '@web/components/query-states';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription } from '@web/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { useDateFormat } from '@web/lib/date-format';
import { errorMessage } from '@web/lib/error-message';
import { usePageTitle } from '@web/lib/page-head';
import { useCancelSandboxSubscription } from '../api/cancel-sandbox-subscription';
import { useBillingStatus } from '@web/lib/api/get-billing-status';
import { TestModeBanner } from '../components/test-mode-banner';

const pageClassName = 'mx-auto w-full max-w-xl space-y-6';

/**
 * /billing/sandbox/portal: the billing portal of an installation without a payment provider (decision
 * 0025). It shows where the subscription stands and can cancel it, through the same event a real
 * cancellation sends; the way out is always back to the profile.
 */
export function SandboxPortalPage() {
  const { t } = useTranslation(['billing', 'common']);
  usePageTitle(t('common:titles.sandboxPortal'));
  const titleId = useId();
  const status = useBillingStatus();

  return (
    <div className={pageClassName}>
      <TestModeBanner title={t('billing:sandbox.portal.bannerTitle')} body={t('billing:sandbox.portal.bannerBody')} />
      <Card role="region" aria-labelledby={titleId} data-testid="sandbox-portal">
        <CardContent className="space-y-6">
          <h1 id={titleId} className="font-serif text-3xl font-medium text-ink">
            {t('billing:sandbox.portal.title')}
          </h1>
          {status.isPending ? (
            <LoadingBars label={t('common:loading')} bars={['h-6 w-2/3', 'h-4 w-full']} />
          ) : status.isError ? (
            <LoadFailed message={t('billing:sandbox.portal.loadFailed')} retrying={status.isFetching} onRetry={() => void status.refetch()} />
          ) : (
            <PortalStatus status={status.data} />
          )}
          <Button asChild variant="secondary" className="w-full sm:w-auto">
            <Link to="/home/profile">{t('billing:sandbox.portal.back')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function PortalStatus({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('billing');
  const formatLong = useDateFormat('long');

  if (!status.manageable) {
    return (
      <div data-testid="sandbox-portal-status" data-state="none" className="space-y-1">
        <p className="font-serif text-xl text-ink">{t('sandbox.portal.none.title')}</p>
        <CardDescription>{status.isFreeAccess ? t('sandbox.portal.none.freeAccess') : t('sandbox.portal.none.body')}</CardDescription>
      </div>
    );
  }

  return (
    <div data-testid="sandbox-portal-status" data-state={status.hasActiveSubscription ? 'active' : 'inactive'} className="space-y-4">
      <div className="space-y-1">
        <p className="font-serif text-xl text-ink">{status.hasActiveSubscription ? t('sandbox.portal.active.title') : t('sandbox.portal.inactive.title')}</p>
        {status.expiresAt ? <CardDescription>{t('sandbox.portal.active.until', { date: formatLong(status.expiresAt) })}</CardDescription> : null}
      </div>
      <CancelSubscription />
    </div>
  );
}

/** Cancelling asks once more: the daily sessions depend on it. */
function CancelSubscription() {
  const { t } = useTranslation(['billing', 'errors', 'common']);
  const navigate = useNavigate();
  const cancel = useCancelSandboxSubscription();
  const [open, setOpen] = useState(false);

  // Awaited rather than given callbacks: the status this block shows is reset when the cancellation lands,
  // which unmounts it, and the way back to the profile must still be taken.
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
    } catch (error) {
      setOpen(false);
      toast.error(t('billing:sandbox.portal.cancelFailed'), { id: 'sandbox-portal', description: errorMessage(t, error) });
      return;
    }
    toast.success(t('billing:sandbox.portal.canceled'), { id: 'sandbox-portal' });
    void navigate('/home/profile', { replace: true });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" className="w-full border border-danger/40 text-danger hover:bg-danger-soft sm:w-auto">
          {t('billing:sandbox.portal.cancel')}
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" closeLabel={t('common:actions.close')}>
        <div className="space-y-5">
          <div className="space-y-2 pr-8">
            <DialogTitle>{t('billing:sandbox.portal.confirmTitle')}</DialogTitle>
            <DialogDescription className="leading-relaxed">{t('billing:sandbox.portal.confirmBody')}</DialogDescription>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {/* First in the focus order: the safe choice. */}
            <DialogClose asChild>
              <Button variant="secondary" disabled={cancel.isPending}>
                {t('billing:sandbox.portal.keep')}
              </Button>
            </DialogClose>
            <Button className="bg-danger hover:bg-danger/90 active:bg-danger/90" pending={cancel.isPending} onClick={() => void confirm()}>
              {t('billing:sandbox.portal.confirm')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
