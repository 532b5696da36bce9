import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, publicConfigSchema, type HealthResponse, type ProviderNames, type PublicConfig } from '@shared/contracts/system';

export function systemRoutes(deps: {
  ping: () => Promise<boolean>;
  driver: 'pglite' | 'postgres';
  providers: () => Promise<ProviderNames>;
  /** The AI providers whose last call failed (people are answered by the built-in ones meanwhile). */
  failing: () => HealthResponse['failing'];
  publicConfig: () => Promise<PublicConfig>;
}) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
      const [ok, providers] = await Promise.all([deps.ping(), deps.providers()]);
      const failing = deps.failing();
      // A failing AI service leaves the app working (the built-in companion answers): degraded, yet 200.
      return reply.status(ok ? 200 : 503).send({
        status: ok && failing.length === 0 ? 'ok' : 'degraded',
        database: { ok, driver: deps.driver },
        providers,
        failing,
      });
    });

    api.get('/api/public-config', { schema: { response: { 200: publicConfigSchema } } }, async () => deps.publicConfig());
  };
}
