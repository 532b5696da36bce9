import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { appSettings, billingEvents, subscriptions } from '@server/db/schema/index';
import { subscriptionStatusSchema } from '@shared/contracts/billing';
import { addJournalDay } from './factories/journal-day';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startStripeStandIn } from './support/stripe-stand-in';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const callOn = (app: TestApp, method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
const statusOf = async (app: TestApp, cookie: string) => subscriptionStatusSchema.parse((await callOn(app, 'GET', '/api/billing/status', cookie)).json());
const hasChatAccess = async (app: TestApp, cookie: string) => (await callOn(app, 'GET', '/api/chat/status?language=en', cookie)).json().hasAccess as boolean;

const sandbox = await createTestApp();

describe('the sandbox (no Stripe key)', () => {
  const t = sandbox;
  const call = (method: Method, url: string, cookie?: string, payload?: unknown) => callOn(t, method, url, cookie, payload);

  it('takes a person with a journaled day from "subscription required" to subscribed and back, through its checkout and portal', async () => {
    const user = await createUser(t, { admin: false });
    await addJournalDay(t, user.id);
    expect(await hasChatAccess(t, user.cookie)).toBe(false);
    expect(await statusOf(t, user.cookie)).toMatchObject({ hasActiveSubscription: false, isFreeAccess: false, status: null, manageable: false, provider: 'sandbox' });

    const checkout = await call('POST', '/api/billing/checkout', user.cookie, { language: 'fr', promoCode: '   ' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = new URL(checkout.json().url);
    expect(url.pathname).toMatch(/^\/billing\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    const id = url.pathname.split('/').pop()!;
    expect((await call('GET', `/api/billing/sandbox/checkouts/${id}`, user.cookie)).json()).toEqual({ id, language: 'fr', promotion: null, status: 'open' });

    // Someone else can neither see nor pay this checkout.
    const stranger = await createUser(t, { admin: false });
    expect((await call('GET', `/api/billing/sandbox/checkouts/${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/billing/sandbox/checkouts/${id}/complete`, stranger.cookie)).statusCode).toBe(404);
    expect((await statusOf(t, stranger.cookie)).hasActiveSubscription).toBe(false);

    expect((await call('POST', `/api/billing/sandbox/checkouts/${id}/complete`, user.cookie)).statusCode).toBe(204);
    expect((await call('POST', `/api/billing/sandbox/checkouts/${id}/complete`, user.cookie)).statusCode).toBe(409);
    const active = await statusOf(t, user.cookie);
    expect(active).toMatchObject({ hasActiveSubscription: true, status: 'active', manageable: true });
    expect(Date.parse(active.expiresAt!)).toBeGreaterThan(Date.now() + 25 * 86_400_000);
    expect(await hasChatAccess(t, user.cookie)).toBe(true);
    expect((await call('POST', '/api/billing/checkout', user.cookie, { language: 'en' })).json()).toEqual({ hasActiveSubscription: true });

    const portal = await call('POST', '/api/billing/portal', user.cookie, { language: 'fr' });
    expect(new URL(portal.json().url).pathname).toBe('/billing/sandbox/portal');
    expect((await call('POST', '/api/billing/sandbox/portal/cancel', user.cookie)).statusCode).toBe(204);
    expect(await statusOf(t, user.cookie)).toMatchObject({ hasActiveSubscription: false, status: 'canceled', manageable: false });
    expect(await hasChatAccess(t, user.cookie)).toBe(false);
    expect((await call('POST', '/api/billing/sandbox/portal/cancel', user.cookie)).statusCode).toBe(409);
  });

  it('cancels a checkout without subscribing', async () => {
    const user = await createUser(t, { admin: false });
    const id = new URL((await call('POST', '/api/billing/checkout', user.cookie, { language: 'en' })).json().url).pathname.split('/').pop()!;
    expect((await call('POST', `/api/billing/sandbox/checkouts/${id}/cancel`, user.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/billing/sandbox/checkouts/${id}`, user.cookie)).json().status).toBe('canceled');
    expect((await call('POST', `/api/billing/sandbox/checkouts/${id}/complete`, user.cookie)).statusCode).toBe(409);
    expect((await statusOf(t, user.cookie)).hasActiveSubscription).toBe(false);
  });

  it('resolves promotion codes from the language’s coupon map, and refuses unknown ones', async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t, { admin: false });
    const missing = await call('POST', '/api/admin/coupons', admin.cookie, { language: 'fr', code: ' ', promotionId: 'promo_1' });
    expect(missing.json().error.fields).toEqual({ code: ['validation.couponFieldsRequired'] });
    const added = await call('POST', '/api/admin/coupons', admin.cookie, { language: 'fr', code: ' BIENVENUE ', promotionId: ' promo_bienvenue ' });
    expect(added.json()).toEqual({ language: 'fr', coupons: { BIENVENUE: 'promo_bienvenue' } });
    expect((await call('GET', '/api/admin/coupons?language=en', admin.cookie)).json()).toEqual({ language: 'en', coupons: {} });
    expect((await call('POST', '/api/admin/coupons/validate', admin.cookie, { language: 'fr', code: 'BIENVENUE' })).json()).toEqual({ valid: true });
    expect((await call('POST', '/api/admin/coupons/validate', admin.cookie, { language: 'en', code: 'BIENVENUE' })).json()).toEqual({ valid: false });

    const refused = await call('POST', '/api/billing/checkout', user.cookie, { language: 'en', promoCode: 'BIENVENUE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_PROMO_CODE');
    for (const code of ['toString', '__proto__', 'constructor']) {
      expect((await call('POST', '/api/billing/checkout', user.cookie, { language: 'fr', promoCode: code })).json().error.code, code).toBe('INVALID_PROMO_CODE');
    }
    const accepted = await call('POST', '/api/billing/checkout', user.cookie, { language: 'fr', promoCode: '  BIENVENUE ' });
    const id = new URL(accepted.json().url).pathname.split('/').pop()!;
    expect((await call('GET', `/api/billing/sandbox/checkouts/${id}`, user.cookie)).json().promotion).toBe('promo_bienvenue');

    expect((await call('DELETE', '/api/admin/coupons/fr/BIENVENUE', admin.cookie)).json()).toEqual({ language: 'fr', coupons: {} });
    expect((await call('DELETE', '/api/admin/coupons/fr/BIENVENUE', admin.cookie)).statusCode).toBe(404);
  });

  it('takes only codes of letters, digits, - and _ (starting with a letter or digit), so every code is listed', async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t, { admin: false });
    for (const code of ['__proto__', '_hidden', 'two words', 'a/b', 'x.y', '-dash']) {
      const refused = await call('POST', '/api/admin/coupons', admin.cookie, { language: 'en', code, promotionId: 'promo_x' });
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json().error.fields, code).toEqual({ code: ['validation.couponCodeInvalid'] });
    }
    for (const code of ['constructor', 'NOËL-2025', 'spring_10']) {
      expect((await call('POST', '/api/admin/coupons', admin.cookie, { language: 'en', code, promotionId: `promo_${code}` })).statusCode, code).toBe(200);
    }
    const listed = (await call('GET', '/api/admin/coupons?language=en', admin.cookie)).json().coupons;
    expect(Object.keys(listed).sort()).toEqual(['constructor', 'NOËL-2025', 'spring_10'].sort());
    expect((await call('POST', '/api/admin/coupons/validate', admin.cookie, { language: 'en', code: 'constructor' })).json()).toEqual({ valid: true });
    const accepted = await call('POST', '/api/billing/checkout', user.cookie, { language: 'en', promoCode: 'constructor' });
    const id = new URL(accepted.json().url).pathname.split('/').pop()!;
    expect((await call('GET', `/api/billing/sandbox/checkouts/${id}`, user.cookie)).json().promotion).toBe('promo_constructor');

    // A code stored before the rule, which no list could show, no longer works anywhere.
    await t.db.update(appSettings).set({ promoCodesEn: JSON.parse('{"__proto__": "promo_hidden"}') as Record<string, string> }).where(eq(appSettings.id, 1));
    expect((await call('POST', '/api/admin/coupons/validate', admin.cookie, { language: 'en', code: '__proto__' })).json()).toEqual({ valid: false });
    expect((await call('POST', '/api/billing/checkout', user.cookie, { language: 'en', promoCode: '__proto__' })).json().error.code).toBe('INVALID_PROMO_CODE');
  });

  it('lets administrators find people and grant or revoke free access, which opens the chat', async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t, { admin: false });
    await addJournalDay(t, user.id);
    const found = await call('GET', `/api/admin/users?search=${encodeURIComponent(user.email.slice(0, 12))}`, admin.cookie);
    expect(found.json().items).toEqual([expect.objectContaining({ id: user.id, email: user.email, freeAccess: false, isAdmin: false, subscriptionStatus: null })]);
    expect((await call('GET', '/api/admin/users?search=%25', admin.cookie)).json().items).toEqual([]);

    expect((await call('PUT', `/api/admin/users/${user.id}/free-access`, admin.cookie, { freeAccess: true })).statusCode).toBe(204);
    expect(await statusOf(t, user.cookie)).toMatchObject({ hasActiveSubscription: true, isFreeAccess: true, manageable: false });
    expect(await hasChatAccess(t, user.cookie)).toBe(true);
    await call('PUT', `/api/admin/users/${user.id}/free-access`, admin.cookie, { freeAccess: false });
    expect(await hasChatAccess(t, user.cookie)).toBe(false);
    expect((await call('PUT', '/api/admin/users/nobody/free-access', admin.cookie, { freeAccess: true })).statusCode).toBe(404);
  });

  it('gives no route by which a person changes their own subscription or free access', async () => {
    await createUser(t, { admin: true });
    const user = await createUser(t, { admin: false });
    await addJournalDay(t, user.id);
    const attempts: Array<[Method, string, unknown?]> = [
      ['PUT', `/api/admin/users/${user.id}/free-access`, { freeAccess: true }],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/coupons?language=en'],
      ['POST', '/api/admin/coupons', { language: 'en', code: 'MINE', promotionId: 'promo_x' }],
      ['POST', '/api/admin/coupons/validate', { language: 'en', code: 'MINE' }],
      ['DELETE', '/api/admin/coupons/en/MINE'],
    ];
    for (const [method, url, payload] of attempts) {
      expect((await call(method, url, user.cookie, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const payload of [{ freeAccess: true }, { isFreeAccess: true }, { hasActiveSubscription: true }]) {
      expect((await call('PUT', '/api/me/profile', user.cookie, { firstName: 'Camille', defaultLanguage: 'en', gender: 'other', ...payload })).statusCode).toBe(400);
    }
    // Without Stripe, the webhook does not exist.
    expect((await call('POST', '/api/billing/webhook', undefined, { type: 'checkout.session.completed' })).statusCode).toBe(404);
    expect(await hasChatAccess(t, user.cookie)).toBe(false);
  });
});

const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
const withStripe = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_souvenir123',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID_EN: 'price_defaultEn',
    STRIPE_PRICE_ID_FR: 'price_defaultFr',
    STRIPE_API_URL: standIn.baseUrl,
  });

describe('Stripe (the real SDK against a local stand-in)', () => {
  const t = withStripe;
  const call = (method: Method, url: string, cookie?: string, payload?: unknown) => callOn(t, method, url, cookie, payload);
  const signer = new Stripe('sk_test_signer');
  let clock = Math.floor(Date.now() / 1000) - 100;

  /** Delivers an event as Stripe would: JSON body, signed header (optionally with a wrong secret or an old timestamp). */
  const deliver = (event: { id?: string; type: string; created?: number; object: Record<string, unknown> }, options: { secret?: string; timestamp?: number } = {}) => {
    const payload = JSON.stringify({ id: event.id ?? `evt_${randomBytes(8).toString('hex')}`, object: 'event', type: event.type, created: event.created ?? ++clock, data: { object: event.object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    return t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  };
  const completed = (userId: string, subscriptionId: string, customerId = `cus_${userId.slice(0, 8)}`) => ({
    type: 'checkout.session.completed',
    object: { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', client_reference_id: userId, customer: customerId, subscription: subscriptionId, payment_status: 'paid', metadata: { userId } },
  });
  const subscriptionEvent = (type: string, subscriptionId: string, status: string, customerId: string, created?: number) => ({
    type,
    created,
    object: { id: subscriptionId, object: 'subscription', customer: customerId, status, metadata: {}, items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 }] } },
  });

  it('opens a Checkout Session for the language’s price, locale and promotion, and a portal in the person’s language', async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t, { admin: false });
    await call('PATCH', '/api/admin/settings', admin.cookie, { priceIdFr: 'price_fromSettingsFr' });
    await call('POST', '/api/admin/coupons', admin.cookie, { language: 'fr', code: 'AMI', promotionId: 'promo_ami' });

    const fr = await call('POST', '/api/billing/checkout', user.cookie, { language: 'fr', promoCode: 'AMI' });
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_souvenir123' });
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_fromSettingsFr',
      'line_items[0][quantity]': '1',
      locale: 'fr',
      client_reference_id: user.id,
      customer_email: user.email,
      'discounts[0][promotion_code]': 'promo_ami',
      'subscription_data[metadata][userId]': user.id,
    });
    await call('POST', '/api/billing/checkout', user.cookie, { language: 'en' });
    expect(standIn.requests.at(-1)!.body).toMatchObject({ 'line_items[0][price]': 'price_defaultEn', locale: 'en', allow_promotion_codes: 'true' });

    expect((await call('POST', '/api/billing/portal', user.cookie, { language: 'fr' })).json().error.code).toBe('NO_SUBSCRIPTION');
    await deliver(completed(user.id, 'sub_portal1', 'cus_portal1'));
    const portal = await call('POST', '/api/billing/portal', user.cookie, { language: 'fr' });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(standIn.requests.at(-1)!.body).toMatchObject({ customer: 'cus_portal1', locale: 'fr' });
    // The sandbox is not there when Stripe is.
    expect((await call('POST', '/api/billing/sandbox/portal/cancel', user.cookie)).statusCode).toBe(404);
  });

  it('refuses unsigned, wrongly signed and stale events, changing nothing', async () => {
    const user = await createUser(t, { admin: false });
    const event = completed(user.id, 'sub_refused');
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ type: event.type }) })).statusCode).toBe(400);
    expect((await deliver(event, { secret: 'whsec_notTheRightOne' })).statusCode).toBe(400);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).statusCode).toBe(400);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    expect(t.logs.join('')).toContain('bad or stale signature');
  });

  it('ends in the right state when events arrive twice or out of order, and a failed payment stops access', async () => {
    const user = await createUser(t, { admin: false });
    await addJournalDay(t, user.id);
    const customer = `cus_${randomBytes(4).toString('hex')}`;
    const sub = `sub_${randomBytes(4).toString('hex')}`;

    const checkoutEvent = { ...completed(user.id, sub, customer), id: `evt_${randomBytes(6).toString('hex')}` };
    expect((await deliver(checkoutEvent)).statusCode).toBe(200);
    expect((await deliver(checkoutEvent)).statusCode).toBe(200); // redelivered: recorded once
    expect((await t.db.select().from(billingEvents).where(eq(billingEvents.id, checkoutEvent.id))).length).toBe(1);
    expect(await statusOf(t, user.cookie)).toMatchObject({ hasActiveSubscription: true, status: 'active' });
    expect(await hasChatAccess(t, user.cookie)).toBe(true);

    // Deleted (newer) arrives before an update (older): the older one changes nothing.
    const base = ++clock;
    await deliver(subscriptionEvent('customer.subscription.deleted', sub, 'canceled', customer, base + 20));
    await deliver(subscriptionEvent('customer.subscription.updated', sub, 'active', customer, base + 10));
    expect(await statusOf(t, user.cookie)).toMatchObject({ hasActiveSubscription: false, status: 'canceled' });
    expect(await hasChatAccess(t, user.cookie)).toBe(false);

    // A new subscription later: active with its period end, then a failed payment makes it past_due.
    clock = base + 30;
    await deliver(subscriptionEvent('customer.subscription.created', `${sub}b`, 'active', customer));
    const active = await statusOf(t, user.cookie);
    expect(active).toMatchObject({ hasActiveSubscription: true, status: 'active' });
    expect(Date.parse(active.expiresAt!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await deliver({ type: 'invoice.payment_failed', object: { id: 'in_1', object: 'invoice', customer, parent: { subscription_details: { subscription: `${sub}b` } } } });
    expect(await statusOf(t, user.cookie)).toMatchObject({ hasActiveSubscription: false, status: 'past_due' });
    await deliver(subscriptionEvent('customer.subscription.updated', `${sub}b`, 'active', customer));
    expect((await statusOf(t, user.cookie)).hasActiveSubscription).toBe(true);

    // An event for nobody we know is accepted (Stripe must not retry it) and changes nothing.
    expect((await deliver(subscriptionEvent('customer.subscription.updated', 'sub_unknown', 'active', 'cus_unknown'))).statusCode).toBe(200);
  });

  it('acknowledges a signed event for a closed account or for nobody, logging only its type and id', async () => {
    const user = await createUser(t, { admin: false });
    await deliver(completed(user.id, 'sub_beforeClosing', 'cus_beforeClosing'));
    expect((await call('DELETE', '/api/me', user.cookie, { confirm: true })).statusCode).toBe(204);
    const from = t.logs.length;

    const deleted = subscriptionEvent('customer.subscription.deleted', 'sub_beforeClosing', 'canceled', 'cus_beforeClosing');
    const lateEvents = [
      // Stripe's own retries and late events still name the closed account, by id or in the subscription's metadata.
      { ...completed(user.id, 'sub_afterClosing', 'cus_afterClosing'), id: `evt_${randomBytes(6).toString('hex')}` },
      { ...deleted, object: { ...deleted.object, metadata: { userId: user.id } }, id: `evt_${randomBytes(6).toString('hex')}` },
      { ...completed('no-such-account', 'sub_nobody', 'cus_nobody'), id: `evt_${randomBytes(6).toString('hex')}` },
      { ...subscriptionEvent('customer.subscription.updated', 'sub_unknown', 'active', 'cus_unknown'), id: `evt_${randomBytes(6).toString('hex')}` },
    ];
    for (const event of lateEvents) {
      const answer = await deliver(event);
      expect(answer.statusCode, `${event.type}: ${answer.body}`).toBe(200);
      // Recorded, so a redelivery is a duplicate and is acknowledged too.
      expect((await deliver(event)).statusCode).toBe(200);
      expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toHaveLength(1);
    }
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);

    const lines = t.logs.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    for (const event of lateEvents) {
      const ignored = lines.filter((line) => line.eventId === event.id);
      expect(ignored, event.id).toHaveLength(1);
      const { level: _level, time: _time, pid: _pid, hostname: _hostname, reqId: _reqId, msg, ...fields } = ignored[0]!;
      expect(msg).toMatch(/ignored/);
      expect(fields).toEqual({ eventId: event.id, type: expect.stringMatching(/^(checkout\.completed|subscription\.(changed|deleted))$/) });
    }
    expect(t.logs.slice(from).join('')).not.toContain(user.email);
  });

  it('says so when Stripe fails, and cancels the subscription before erasing an account', async () => {
    const user = await createUser(t, { admin: false });
    standIn.behave('error');
    const failed = await call('POST', '/api/billing/checkout', user.cookie, { language: 'en' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('PAYMENT_PROVIDER_FAILED');
    standIn.behave('ok');

    await deliver(completed(user.id, 'sub_toErase', 'cus_toErase'));
    expect((await call('DELETE', '/api/me', user.cookie, { confirm: true })).statusCode).toBe(204);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_toErase' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
  });
});
