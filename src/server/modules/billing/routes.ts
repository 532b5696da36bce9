import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUsersPageSchema,
  adminUsersQuerySchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  couponAddSchema,
  couponLanguageQuerySchema,
  couponMapSchema,
  couponValidateSchema,
  couponValiditySchema,
  freeAccessUpdateSchema,
  portalRequestSchema,
  portalResponseSchema,
  sandboxCheckoutSchema,
  subscriptionStatusSchema,
} from '@shared/contracts/billing';
import { idParamsSchema } from '@shared/contracts/id-params';
import { LANGUAGES } from '@shared/limits';
import { AppError } from '../../app-error';
import type { BillingEvent, BillingWebhook } from '../../providers/billing/index';
import type { OriginResolver } from '../../public-origin';
import type { AdminGuard, SessionReader } from '../auth/service';
import type { BillingService } from './service';

export function billingRoutes(deps: { session: SessionReader; admin: AdminGuard; billing: BillingService; webhook: BillingWebhook | null; originOf: OriginResolver }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/billing/status', { onRequest: deps.session.onRequest, schema: { response: { 200: subscriptionStatusSchema } } }, async (request) =>
      deps.billing.statusOf(deps.session.current(request).id),
    );

    api.post(
      '/api/billing/checkout',
      {
        onRequest: deps.session.onRequest,
        schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
        config: { rateLimit: { max: 20, timeWindow: 60 * 1000, keyGenerator: (request: FastifyRequest) => `checkout|${deps.session.current(request).id}` } },
      },
      async (request) => {
        const user = deps.session.current(request);
        return deps.billing.checkout(user, { language: request.body.language, promoCode: request.body.promoCode || undefined }, deps.originOf(request));
      },
    );

    api.post('/api/billing/portal', { onRequest: deps.session.onRequest, schema: { body: portalRequestSchema, response: { 200: portalResponseSchema } } }, async (request) =>
      deps.billing.portal(deps.session.current(request).id, request.body.language, deps.originOf(request)),
    );

    // The sandbox's pages (only when no Stripe key is configured; 404 otherwise). A person only ever sees
    // and closes their own checkouts.
    api.get('/api/billing/sandbox/checkouts/:id', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, response: { 200: sandboxCheckoutSchema } } }, async (request) =>
      deps.billing.sandboxCheckout(deps.session.current(request).id, request.params.id),
    );
    api.post('/api/billing/sandbox/checkouts/:id/complete', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      await deps.billing.completeSandboxCheckout(deps.session.current(request).id, request.params.id, request.log);
      return reply.status(204).send();
    });
    api.post('/api/billing/sandbox/checkouts/:id/cancel', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      await deps.billing.cancelSandboxCheckout(deps.session.current(request).id, request.params.id);
      return reply.status(204).send();
    });
    api.post('/api/billing/sandbox/portal/cancel', { onRequest: deps.session.onRequest }, async (request, reply) => {
      await deps.billing.cancelSandboxSubscription(deps.session.current(request).id, request.log);
      return reply.status(204).send();
    });

    // Stripe's webhook: the signature is checked on the exact bytes received, so this scope keeps the body raw.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
      hook.post('/api/billing/webhook', async (request, reply) => {
        if (!deps.webhook) throw new AppError('NOT_FOUND', 'Billing webhooks need STRIPE_SECRET_KEY.');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 'A signed Stripe event is expected.');
        let event: BillingEvent | null;
        try {
          event = deps.webhook.readWebhook(request.body, signature);
        } catch {
          request.log.warn('billing webhook with a bad or stale signature refused');
          throw new AppError('BAD_REQUEST', 'The signature does not match.');
        }
        if (event) await deps.billing.applyEvent(event, request.log);
        return reply.status(200).send({ received: true });
      });
    });

    // Coupons and free access: administrators only.
    api.get('/api/admin/coupons', { onRequest: deps.admin.onRequest, schema: { querystring: couponLanguageQuerySchema, response: { 200: couponMapSchema } } }, async (request) => ({
      language: request.query.language,
      coupons: await deps.billing.coupons(request.query.language),
    }));
    api.post('/api/admin/coupons', { onRequest: deps.admin.onRequest, schema: { body: couponAddSchema, response: { 200: couponMapSchema } } }, async (request) => {
      await deps.billing.addCoupon(request.body.language, request.body.code, request.body.promotionId);
      return { language: request.body.language, coupons: await deps.billing.coupons(request.body.language) };
    });
    api.delete(
      '/api/admin/coupons/:language/:code',
      { onRequest: deps.admin.onRequest, schema: { params: z.object({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }), code: z.string() }), response: { 200: couponMapSchema } } },
      async (request) => {
        await deps.billing.removeCoupon(request.params.language, request.params.code);
        return { language: request.params.language, coupons: await deps.billing.coupons(request.params.language) };
      },
    );
    api.post('/api/admin/coupons/validate', { onRequest: deps.admin.onRequest, schema: { body: couponValidateSchema, response: { 200: couponValiditySchema } } }, async (request) => ({
      valid: await deps.billing.validateCoupon(request.body.language, request.body.code),
    }));

    api.get('/api/admin/users', { onRequest: deps.admin.onRequest, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } }, async (request) =>
      deps.billing.listUsers(request.query.search, request.query.page),
    );
    api.put('/api/admin/users/:id/free-access', { onRequest: deps.admin.onRequest, schema: { params: idParamsSchema, body: freeAccessUpdateSchema } }, async (request, reply) => {
      await deps.billing.setFreeAccess(request.params.id, request.body.freeAccess);
      return reply.status(204).send();
    });
  };
}
