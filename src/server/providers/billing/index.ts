import { createOffBilling } from './off';
import { createSandboxBilling, type SandboxCheckouts } from './sandbox';
import { createStripeBilling, type StripeOptions } from './stripe';
import type { BillingProvider, BillingWebhook } from './billing-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { BillingEvent, CheckoutInput, BillingProvider, BillingWebhook } from './billing-provider';

export { BillingProviderError } from './billing-provider-error';

/** The access mode chosen by configuration (BILLING), with Stripe's settings when it is Stripe. */
export type BillingOptions = { provider: 'off' } | { provider: 'sandbox' } | ({ provider: 'stripe' } & StripeOptions);

/**
 * The provider of the access mode (docs/decisions/0044-access-modes-and-addresses.md): Stripe and its
 * webhook; the sandbox's test checkout inside the app; or, on a private instance, none that sells anything.
 */
export function createBillingProvider(options: BillingOptions, deps: { checkouts: SandboxCheckouts }): { provider: BillingProvider; webhook: BillingWebhook | null } {
  if (options.provider === 'stripe') {
    const stripe = createStripeBilling(options);
    return { provider: stripe, webhook: stripe };
  }
  if (options.provider === 'off') return { provider: createOffBilling(), webhook: null };
  return { provider: createSandboxBilling(deps), webhook: null };
}
