import { toNodeHandler } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error';
import { CLOSED_AUTH_PATHS, type Auth } from './auth';

/** The endpoints the app does not use: a coded 404 here (better-auth's own would be plain text). */
const CLOSED = new Set(CLOSED_AUTH_PATHS.map((path) => `/api/auth${path}`));
/** Far more than any of its forms: a bigger body is refused before better-auth reads it all into memory. */
const BODY_LIMIT_BYTES = 64 * 1024;

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
        if (CLOSED.has((request.url.split('?')[0] ?? '').replace(/\/+$/, ''))) throw new AppError('NOT_FOUND', 'There is nothing here.');
        if (Number(request.headers['content-length']) > BODY_LIMIT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
        reply.raw.setHeader('Cache-Control', 'no-store');
        reply.hijack();
        await handler(request.raw, reply.raw);
      },
    });
  };
}
