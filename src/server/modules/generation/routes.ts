import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generationRequestSchema, generationResponseSchema, IDEMPOTENCY_HEADER } from '@shared/contracts/generation';
import type { SessionReader } from '../auth/service';
import type { GenerationService } from './service';

const RATE_WINDOW_MS = 60_000;

/** The other headers pass untouched; the key is a UUID the browser makes once per attempt. */
const generationHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.uuid({ error: 'validation.idempotencyKeyInvalid' }),
});

export function generationRoutes(deps: { session: SessionReader; generation: GenerationService; rateLimitMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // The signed-in person, checked in onRequest (before the body is validated) for the later steps.
    const userOf = (request: FastifyRequest) => deps.session.current(request);

    // Shutting down: providers stop waiting, the fallbacks apply and the memory is still saved if it can be.
    const shutdown = new AbortController();
    app.addHook('preClose', async () => {
      shutdown.abort();
    });

    const perPersonLimit = app.rateLimit({
      max: deps.rateLimitMax,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (request) => `generation|${userOf(request).id}`,
    });

    // Order of refusals: signed out 401, bad body or key 400, too many requests 429 RATE_LIMITED; then the
    // service: a finished key's answer again (200), no access 402, same key still running 409, another
    // person's key 400, 429 DAILY_LIMIT_REACHED, 500 MEMORY_CREATE_FAILED.
    api.post(
      '/api/generations',
      {
        schema: {
          body: generationRequestSchema,
          headers: generationHeadersSchema,
          response: { 200: generationResponseSchema, 201: generationResponseSchema },
        },
        onRequest: deps.session.onRequest,
        preHandler: perPersonLimit,
      },
      async (request, reply) => {
        const result = await deps.generation.create(userOf(request).id, request.body, request.headers[IDEMPOTENCY_HEADER], {
          log: request.log,
          // Its own signal, so the upstream calls' listeners end with the request, not pile up on the app's.
          signal: AbortSignal.any([shutdown.signal]),
        });
        reply.header('cache-control', 'no-store');
        return reply.status(result.created ? 201 : 200).send(result.response);
      },
    );
  };
}
