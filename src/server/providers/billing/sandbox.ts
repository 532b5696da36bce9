import type { Language } from '@shared/limits';
import type { BillingProvider } from './billing-provider';

/**
 * The embedded default (no Stripe key): a checkout page and a portal inside the app, clearly marked as a
 * test. Paying or cancelling there produces the same events a Stripe webhook would, through the same code.
 */
export interface SandboxCheckouts {
  createSandboxCheckout(input: { userId: string; language: Language; promotion: string | null }): Promise<{ id: string }>;
}

export function createSandboxBilling(deps: { checkouts: SandboxCheckouts }): BillingProvider {
  return {
    name: 'sandbox',
    async createCheckout(input) {
      const checkout = await deps.checkouts.createSandboxCheckout({ userId: input.userId, language: input.language, promotion: input.promotionId });
      return { url: `${input.origin}/billing/sandbox/checkout/${checkout.id}` };
    },
    async createPortal(input) {
      return { url: `${input.origin}/billing/sandbox/portal` };
    },
    // Nothing to tell anyone: the subscription row goes with the account.
    async cancel() {},
  };
}
