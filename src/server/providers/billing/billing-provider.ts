import type { Language } from '@shared/limits';

/** A provider's event, reduced to what changes a subscription; the same shape from Stripe and the sandbox. */
export interface BillingEvent {
  /** The provider's event id: each is applied once. */
  id: string;
  type: 'checkout.completed' | 'subscription.changed' | 'subscription.deleted' | 'payment.failed';
  /** When the provider created it: an event older than the last one applied is ignored. */
  createdAt: Date;
  /** Known from the checkout (client_reference_id / metadata); otherwise found from the customer or subscription. */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The provider's status after this event, when it says. */
  status: string | null;
  currentPeriodEnd: Date | null;
}

export interface CheckoutInput {
  userId: string;
  email: string;
  customerId: string | null;
  priceId: string | null;
  language: Language;
  /** The provider's promotion id resolved from the per-language coupon map. */
  promotionId: string | null;
  /** The address the person uses (scheme, host, port): pages inside the app are sent there. */
  origin: string;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProvider {
  readonly name: 'stripe' | 'sandbox' | 'off';
  /** Where the person pays: a hosted checkout page's address. */
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  /** Where the person manages or cancels: a hosted portal's address, in their language. */
  createPortal(input: { customerId: string; language: Language; origin: string; returnUrl: string }): Promise<{ url: string }>;
  /** Ends a subscription at once (account erasure). */
  cancel(subscriptionId: string): Promise<void>;
}

/** A provider that tells us what happened by a signed request (Stripe's webhook). */
export interface BillingWebhook {
  /** Verifies the signature on the raw body and reduces the event (null: a type that changes nothing). */
  readWebhook(rawBody: Buffer, signature: string): BillingEvent | null;
}
