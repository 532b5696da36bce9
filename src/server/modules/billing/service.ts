import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_USERS_PAGE_SIZE, PROMO_CODE_PATTERN, type AdminUsersPage, type CheckoutResponse, type SandboxCheckout, type SubscriptionStatus } from '@shared/contracts/billing';
import type { Language } from '@shared/limits';
import { isUuid } from '@shared/contracts/id-params';
import { AppError } from '../../app-error';
import { BillingProviderError, type BillingEvent, type BillingProvider } from '../../providers/billing/index';
import type { ProfileService } from '../profile/service';
import type { SettingsService } from '../settings/service';
import type { BillingRepository, SubscriptionRow } from './repository';

/** Statuses that open the chat. "past_due" does not: access comes back when the retried payment succeeds. */
const ACTIVE_STATUSES = new Set(['active', 'trialing']);
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

const isActive = (row: SubscriptionRow | null, now: Date) =>
  row !== null && ACTIVE_STATUSES.has(row.status) && (row.currentPeriodEnd === null || row.currentPeriodEnd > now);

/** The promotion a code stands for, or null: a code outside the documented pattern never works. */
const couponOf = (coupons: Map<string, string>, code: string) => (PROMO_CODE_PATTERN.test(code) ? (coupons.get(code) ?? null) : null);

const providerFailure = (error: unknown) =>
  error instanceof AppError ? error : new AppError('PAYMENT_PROVIDER_FAILED', error instanceof BillingProviderError ? error.detail : 'The payment provider failed.');

/**
 * Subscriptions (docs/decisions/0025-billing.md): the one place that answers "is this person subscribed?", the checkout
 * and portal, the provider's events (webhook or sandbox — the same code path), coupons and free access.
 */
export function createBillingService(deps: {
  billing: BillingRepository;
  /** The access mode's provider; "off" is a private instance: everyone signed in has access, nothing is sold. */
  provider: BillingProvider;
  /** Free access lives on the profile; billing folds it into the one subscription status. */
  profiles: Pick<ProfileService, 'freeAccessOf' | 'setFreeAccess'>;
  /** The prices, default promotions and coupons, as the administrators last saved them. */
  settings: Pick<SettingsService, 'pricing' | 'coupons' | 'addCoupon' | 'removeCoupon'>;
  /** Built-in price ids from configuration, when the administrators' settings name none. */
  defaultPriceIds: Record<Language, string | null>;
}) {
  const { billing, provider, settings } = deps;
  const off = provider.name === 'off';

  async function statusOf(userId: string, now = new Date()): Promise<SubscriptionStatus> {
    if (off) return { hasActiveSubscription: true, expiresAt: null, isFreeAccess: false, status: null, manageable: false, provider: 'off' };
    const [row, freeAccess] = await Promise.all([billing.findSubscription(userId), deps.profiles.freeAccessOf(userId)]);
    const active = isActive(row, now);
    return {
      hasActiveSubscription: active || freeAccess,
      expiresAt: active ? (row?.currentPeriodEnd?.toISOString() ?? null) : null,
      isFreeAccess: freeAccess,
      status: row?.status ?? null,
      manageable: row !== null && row.customerId !== null && row.status !== 'canceled',
      provider: provider.name,
    };
  }

  /**
   * Applies one provider event, once, in order, all or nothing (a failure leaves it unrecorded, so the
   * provider's redelivery applies it); answers whether it changed anything.
   */
  async function applyEvent(event: BillingEvent, log: FastifyBaseLogger): Promise<boolean> {
    // Nothing is sold on a private instance, so no provider speaks to it.
    if (provider.name === 'off') return false;
    const { outcome, userId } = await billing.applyEventOnce(
      { id: event.id, type: event.type },
      {
        userId: event.userId,
        provider: provider.name,
        customerId: event.customerId,
        subscriptionId: event.subscriptionId,
        status: event.status ?? 'active',
        currentPeriodEnd: event.currentPeriodEnd,
        createdAt: event.createdAt,
      },
    );
    if (outcome === 'duplicate') return false;
    if (outcome === 'nobody') {
      log.warn({ eventId: event.id, type: event.type }, 'billing event for no known person: ignored');
      return false;
    }
    const applied = outcome === 'applied';
    log.info({ eventId: event.id, type: event.type, userId, applied }, 'billing event');
    return applied;
  }

  const refuseWhenOff = () => {
    if (off) throw new AppError('BILLING_OFF', 'This instance has no subscriptions: everyone signed in has access.');
  };

  async function requireSandboxCheckout(userId: string, id: string) {
    refuseWhenOff();
    if (provider.name !== 'sandbox') throw new AppError('NOT_FOUND', 'There is no sandbox here.');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'No such checkout.');
    const checkout = await billing.findSandboxCheckout(id, userId);
    if (!checkout) throw new AppError('NOT_FOUND', 'No such checkout.');
    return checkout;
  }

  return {
    statusOf,
    applyEvent,

    /**
     * A checkout: the language's price, its locale, and the promotion resolved from the
     * per-language coupon map (an unknown code is refused; none entered: the language's default promotion).
     */
    async checkout(user: { id: string; email: string }, input: { language: Language; promoCode?: string | undefined }, origin: string): Promise<CheckoutResponse> {
      refuseWhenOff();
      if ((await statusOf(user.id)).hasActiveSubscription) return { hasActiveSubscription: true };
      const pricing = await settings.pricing(input.language);
      let promotionId = pricing.defaultPromotion;
      if (input.promoCode) {
        promotionId = couponOf(pricing.coupons, input.promoCode);
        if (!promotionId) throw new AppError('INVALID_PROMO_CODE', 'Invalid promotion code');
      }
      const existing = await billing.findSubscription(user.id);
      try {
        return await provider.createCheckout({
          userId: user.id,
          email: user.email,
          customerId: existing?.customerId ?? null,
          priceId: pricing.priceId ?? deps.defaultPriceIds[input.language],
          language: input.language,
          promotionId,
          origin,
          successUrl: `${origin}/home/chat?subscribed=1`,
          cancelUrl: `${origin}/home/pricing?canceled=1`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
    },

    /** The payment provider's billing portal, in the person's language. */
    async portal(userId: string, language: Language, origin: string): Promise<{ url: string }> {
      refuseWhenOff();
      const row = await billing.findSubscription(userId);
      if (!row?.customerId) throw new AppError('NO_SUBSCRIPTION', 'There is no subscription to manage.');
      try {
        return await provider.createPortal({ customerId: row.customerId, language, origin, returnUrl: `${origin}/home/profile` });
      } catch (error) {
        throw providerFailure(error);
      }
    },

    /** Account erasure: a paid subscription is cancelled with the provider before the account goes. */
    async cancelFor(userId: string): Promise<void> {
      const row = await billing.findSubscription(userId);
      if (!row?.subscriptionId || row.status === 'canceled') return;
      try {
        await provider.cancel(row.subscriptionId);
      } catch (error) {
        throw providerFailure(error);
      }
    },

    // The sandbox (no Stripe key): its pages complete or cancel a checkout and cancel from the portal,
    // producing the same events the webhook would.
    async sandboxCheckout(userId: string, id: string): Promise<SandboxCheckout> {
      const checkout = await requireSandboxCheckout(userId, id);
      return { id: checkout.id, language: checkout.language, promotion: checkout.promotion, status: checkout.status };
    },

    async completeSandboxCheckout(userId: string, id: string, log: FastifyBaseLogger): Promise<void> {
      await requireSandboxCheckout(userId, id);
      if (!(await billing.closeSandboxCheckout(id, userId, 'completed'))) throw new AppError('CONFLICT', 'This checkout is already closed.');
      const now = new Date();
      await applyEvent(
        {
          id: `sandbox_evt_${randomUUID()}`,
          type: 'checkout.completed',
          createdAt: now,
          userId,
          customerId: `sandbox_cus_${userId}`,
          subscriptionId: `sandbox_sub_${randomUUID()}`,
          status: 'active',
          currentPeriodEnd: new Date(now.getTime() + MONTH_MS),
        },
        log,
      );
    },

    async cancelSandboxCheckout(userId: string, id: string): Promise<void> {
      await requireSandboxCheckout(userId, id);
      await billing.closeSandboxCheckout(id, userId, 'canceled');
    },

    async cancelSandboxSubscription(userId: string, log: FastifyBaseLogger): Promise<void> {
      refuseWhenOff();
      if (provider.name !== 'sandbox') throw new AppError('NOT_FOUND', 'There is no sandbox here.');
      const row = await billing.findSubscription(userId);
      if (!row || row.status === 'canceled') throw new AppError('NO_SUBSCRIPTION', 'There is no subscription to cancel.');
      await applyEvent(
        { id: `sandbox_evt_${randomUUID()}`, type: 'subscription.deleted', createdAt: new Date(), userId, customerId: row.customerId, subscriptionId: row.subscriptionId, status: 'canceled', currentPeriodEnd: null },
        log,
      );
    },

    /** The language's coupons for the admin list: every code that can work, and only those. */
    async coupons(language: Language): Promise<Record<string, string>> {
      const entries = [...(await settings.coupons(language))].filter(([code]) => PROMO_CODE_PATTERN.test(code));
      return Object.fromEntries(entries);
    },
    addCoupon: (language: Language, code: string, promotionId: string) => settings.addCoupon(language, code, promotionId),
    async removeCoupon(language: Language, code: string): Promise<void> {
      if (!(await settings.removeCoupon(language, code))) throw new AppError('NOT_FOUND', 'No such coupon.');
    },
    /** A code is valid only if it is a key of the chosen language's map. */
    async validateCoupon(language: Language, code: string): Promise<boolean> {
      return couponOf(await settings.coupons(language), code) !== null;
    },

    async listUsers(search: string, page: number): Promise<AdminUsersPage> {
      const { items, total } = await billing.listUsers(search, ADMIN_USERS_PAGE_SIZE, (page - 1) * ADMIN_USERS_PAGE_SIZE);
      return {
        items: items.map((u) => ({ ...u, subscriptionEndsAt: u.subscriptionEndsAt?.toISOString() ?? null, createdAt: u.createdAt.toISOString() })),
        total,
        page,
        pageCount: Math.ceil(total / ADMIN_USERS_PAGE_SIZE),
      };
    },

    setFreeAccess: (userId: string, freeAccess: boolean): Promise<void> => deps.profiles.setFreeAccess(userId, freeAccess),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
