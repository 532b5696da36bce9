import { BillingProviderError } from './billing-provider-error';
import type { BillingProvider } from './billing-provider';

/**
 * A private instance (BILLING=off): everyone signed in has access, so there is nothing to buy or manage.
 * The billing service answers such requests itself; reaching this provider would be a mistake, refused.
 */
export function createOffBilling(): BillingProvider {
  const refuse = () => Promise.reject(new BillingProviderError('off', 'Billing is off on this instance.'));
  return {
    name: 'off',
    createCheckout: refuse,
    createPortal: refuse,
    // No subscription was ever taken here.
    async cancel() {},
  };
}
