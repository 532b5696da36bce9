import { toNodeHandler } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { Auth } from './auth';

// The endpoints a stranger can hammer: throttled per client address.
const THROTTLED = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
]);

/** Mounts better-auth under /api/auth/*, handing it the untouched Node request (see STACK-NOTES). */
export function authRoutes(auth: Auth, rateLimit: { max: number; windowMs: number }) {
  const handler = toNodeHandler(auth);
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const limiter = app.rateLimit({
      max: rateLimit.max,
      timeWindow: rateLimit.windowMs,
      keyGenerator: (request) => `${request.ip}|${request.url.split('?')[0]}`,
      allowList: (request) => !(request.method === 'POST' && THROTTLED.has(request.url.split('?')[0] ?? '')),
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      onRequest: limiter,
      handler: async (request, reply) => {
        reply.raw.setHeader('Cache-Control', 'no-store');
        reply.hijack();
        await handler(request.raw, reply.raw);
      },
    });
  };
}
