import { z } from 'zod';
import { LANGUAGES } from '../limits';

/** Whether a person is subscribed, until when, and whether by free access — GET /api/billing/status. Free access counts as active. */
export const subscriptionStatusSchema = z.object({
  hasActiveSubscription: z.boolean(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  isFreeAccess: z.boolean(),
  /** The subscription's own state when there is one (active, trialing, past_due, canceled…), else null. */
  status: z.string().nullable(),
  /** True when a billing portal can be opened (a paid subscription exists with the provider). */
  manageable: z.boolean(),
  /** 'off': a private instance where everyone signed in has access and nothing is sold. */
  provider: z.enum(['stripe', 'sandbox', 'off']),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const PROMO_CODE_MAX = 64;
/**
 * What a coupon code may be: letters (any alphabet) and digits, with `-` and `_` inside, starting with a letter
 * or a digit. Codes are keys of a JSON map, so names such as `__proto__` must never be one (a map read into a
 * plain object would hide it).
 */
export const PROMO_CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

/**
 * POST /api/billing/checkout — a checkout in the person's language and price. The promotion code is trimmed and sent only when
 * not empty; an unknown code answers 400 INVALID_PROMO_CODE. Already subscribed: { hasActiveSubscription: true }.
 */
export const checkoutRequestSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
  promoCode: z.string({ error: 'validation.promoCodeInvalid' }).trim().max(PROMO_CODE_MAX, 'validation.promoCodeInvalid').optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.union([z.object({ hasActiveSubscription: z.literal(true) }), z.object({ url: z.string() })]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/billing/portal — the payment provider's billing portal, in the person's language. 409 NO_SUBSCRIPTION without one. */
export const portalRequestSchema = z.strictObject({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }) });
export const portalResponseSchema = z.object({ url: z.string() });

/** The sandbox checkout page (no Stripe key): what it shows, and its two answers. */
export const sandboxCheckoutSchema = z.object({
  id: z.uuid(),
  language: z.enum(LANGUAGES),
  promotion: z.string().nullable(),
  status: z.enum(['open', 'completed', 'canceled']),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/** Coupons: per-language maps of a human-readable code → the payment provider's promotion id;
 * a code is valid only as a key of its own language's map (docs/decisions/0041-coupon-codes.md). */
export const couponLanguageQuerySchema = z.object({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }) });
export const couponMapSchema = z.object({ language: z.enum(LANGUAGES), coupons: z.record(z.string(), z.string()) });
export type CouponMap = z.infer<typeof couponMapSchema>;
export const couponAddSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
  code: z
    .string({ error: 'validation.couponFieldsRequired' })
    .trim()
    .min(1, { error: 'validation.couponFieldsRequired', abort: true })
    .max(PROMO_CODE_MAX, { error: 'validation.promoCodeInvalid', abort: true })
    .regex(PROMO_CODE_PATTERN, 'validation.couponCodeInvalid'),
  promotionId: z.string({ error: 'validation.couponFieldsRequired' }).trim().min(1, 'validation.couponFieldsRequired').max(200, 'validation.settingTooLong'),
});
export const couponValidateSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
  code: z.string({ error: 'validation.promoCodeInvalid' }).trim().max(PROMO_CODE_MAX, 'validation.promoCodeInvalid'),
});
export const couponValiditySchema = z.object({ valid: z.boolean() });

/** The admin "Users" tab: search by e-mail, with subscription state and the free-access and admin flags. */
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(254).default(''),
  page: z.coerce.number({ error: 'validation.pageInvalid' }).int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(100_000, 'validation.pageInvalid').default(1),
});
export const ADMIN_USERS_PAGE_SIZE = 20;
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  isAdmin: z.boolean(),
  freeAccess: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  subscriptionEndsAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export const adminUsersPageSchema = z.object({ items: z.array(adminUserSchema), total: z.number().int(), page: z.number().int(), pageCount: z.number().int() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;
export const freeAccessUpdateSchema = z.strictObject({ freeAccess: z.boolean({ error: 'validation.invalid' }) });
