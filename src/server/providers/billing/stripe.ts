import Stripe from 'stripe';
import { BillingProviderError } from './billing-provider-error';
import type { BillingProvider, BillingWebhook } from './billing-provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local stand-in's address in tests; Stripe's API otherwise. */
  apiUrl: string | null;
  /** One call's limit; with the one retry, a Stripe that never answers is given up after about twice this. */
  timeoutMs: number;
}

const seconds = (value: number | null | undefined) => (typeof value === 'number' ? new Date(value * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The period end, on the subscription (older API versions) or on its first item (2025 versions). */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return seconds(legacy ?? subscription.items?.data?.[0]?.current_period_end);
}

/** The subscription an invoice belongs to, wherever this API version puts it. */
function invoiceSubscriptionOf(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const parent = (invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }).parent;
  return idOf(legacy ?? parent?.subscription_details?.subscription ?? null);
}

/** Stripe through its SDK: Checkout, the Billing Portal, and the signed webhook. */
export function createStripeBilling(options: StripeOptions) {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: options.timeoutMs,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });

  const wrap = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new BillingProviderError('upstream', `Stripe ${what} failed`, error);
    }
  };

  const provider: BillingProvider & BillingWebhook = {
    name: 'stripe',

    async createCheckout(input) {
      if (!input.priceId) throw new BillingProviderError('configuration', 'No Stripe price id is configured for this language.');
      const session = await wrap('checkout', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: input.priceId!, quantity: 1 }],
          client_reference_id: input.userId,
          metadata: { userId: input.userId },
          subscription_data: { metadata: { userId: input.userId } },
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          locale: input.language,
          ...(input.promotionId ? { discounts: [{ promotion_code: input.promotionId }] } : { allow_promotion_codes: true }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new BillingProviderError('malformed', 'Stripe answered a checkout without an address.');
      return { url: session.url };
    },

    async createPortal(input) {
      const session = await wrap('portal', () =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, locale: input.language, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },

    async cancel(subscriptionId) {
      await wrap('cancel', () => stripe.subscriptions.cancel(subscriptionId));
    },

    /**
     * Verifies the signature on the raw body (a bad or stale one throws) and reduces the event; null for
     * the event types that change nothing here.
     */
    readWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const createdAt = new Date(event.created * 1000);
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        if (session.mode !== 'subscription') return null;
        return {
          id: event.id,
          type: 'checkout.completed',
          createdAt,
          userId: session.client_reference_id ?? session.metadata?.userId ?? null,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          status: session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? 'active' : 'incomplete',
          currentPeriodEnd: null,
        };
      }
      if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
        const subscription = event.data.object;
        const deleted = event.type === 'customer.subscription.deleted';
        return {
          id: event.id,
          type: deleted ? 'subscription.deleted' : 'subscription.changed',
          createdAt,
          userId: subscription.metadata?.userId ?? null,
          customerId: idOf(subscription.customer),
          subscriptionId: subscription.id,
          status: deleted ? 'canceled' : subscription.status,
          currentPeriodEnd: periodEndOf(subscription),
        };
      }
      if (event.type === 'invoice.payment_failed') {
        const invoice = event.data.object;
        return {
          id: event.id,
          type: 'payment.failed',
          createdAt,
          userId: null,
          customerId: idOf(invoice.customer),
          subscriptionId: invoiceSubscriptionOf(invoice),
          status: 'past_due',
          currentPeriodEnd: null,
        };
      }
      // Every other event type changes nothing here.
      return null;
    },
  };
  return provider;
}
export type StripeBilling = ReturnType<typeof createStripeBilling>;
