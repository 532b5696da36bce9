import { PROMO_CODE_MAX } from '@shared/contracts/billing';
import type { Language } from '@shared/limits';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { meQueryKey } from '@web/lib/api/get-me';
import { openAuthErrorDialog } from '@web/lib/auth-error-dialog-store';
import { errorMessage } from '@web/lib/error-message';
import { useCreateCheckout } from '../api/create-checkout';
import { externalNavigation } from '@web/lib/external-navigation';

const TOAST_ID = 'billing-checkout';

/**
 * The promotion code and the Subscribe button. The code is trimmed
 * and sent only when something is left; the button says "Preparing payment…" and stays locked until the
 * browser has left for the payment page.
 */
export function CheckoutForm({ language }: { language: Language }) {
  const { t } = useTranslation(['billing', 'errors']);
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const checkout = useCreateCheckout();
  const promoInput = useRef<HTMLInputElement>(null);
  const [promoCode, setPromoCode] = useState('');
  const [promoError, setPromoError] = useState<string>();
  // Set once the payment page's address is known: the page is being left, the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const pending = checkout.isPending || leaving;

  // Coming back with the browser's Back button may restore this page as it was left: unlock it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // A refused code puts the keyboard back in its field, once the form is unlocked, so it can be corrected.
  useEffect(() => {
    if (promoError && !pending) promoInput.current?.focus();
  }, [promoError, pending]);

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      if (queryClient.getQueryData(meQueryKey)) {
        // The session ended behind the person's back; the dialog offers ways out.
        toast.error(t('billing:pricing.messages.sessionExpired'), { id: TOAST_ID });
        openAuthErrorDialog();
      } else {
        toast.error(t('billing:pricing.messages.loginRequired'), { id: TOAST_ID });
        void navigate('/auth', { state: { from: location } });
      }
      return;
    }
    if (error instanceof ApiError && (error.code === 'INVALID_PROMO_CODE' || error.fields?.promoCode)) {
      setPromoError(t('billing:pricing.messages.invalidPromoCode'));
      return;
    }
    if (error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_FAILED') {
      toast.error(t('billing:pricing.messages.paymentError'), { id: TOAST_ID, description: errorMessage(t, error) });
      return;
    }
    toast.error(t('billing:pricing.messages.errorOccurred'), { id: TOAST_ID, description: errorMessage(t, error) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPromoError(undefined);
    checkout.mutate(
      { language, promoCode },
      {
        onSuccess: (answer) => {
          if ('hasActiveSubscription' in answer) {
            toast.success(t('billing:pricing.messages.alreadySubscribed'), { id: TOAST_ID });
            void navigate('/home/chat');
            return;
          }
          if (!answer.url) {
            toast.error(t('billing:pricing.messages.noCheckoutUrl'), { id: TOAST_ID });
            return;
          }
          setLeaving(true);
          externalNavigation.assign(answer.url);
        },
        onError: showFailure,
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending || undefined} data-testid="checkout-form">
      <fieldset disabled={pending} className="min-w-0 space-y-5">
        <FormField id={`${id}-promo`} label={t('billing:pricing.promo.label')} hint={t('billing:pricing.promo.hint')} error={promoError}>
          <Input
            ref={promoInput}
            type="text"
            name="promoCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX}
            value={promoCode}
            onChange={(event) => {
              setPromoCode(event.target.value);
              if (promoError) setPromoError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          {pending ? t('billing:pricing.preparing') : t('billing:pricing.subscribe')}
          {pending ? null : <ArrowRight aria-hidden="true" />}
        </Button>
      </fieldset>
    </form>
  );
}
