import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, publicConfigSchema, type ProviderNames, type PublicConfig } from '@shared/contracts/system';

export function systemRoutes(deps: { ping: () => Promise<boolean>; driver: 'pglite' | 'postgres'; providers: () => Promise<ProviderNames>; publicConfig: () => Promise<PublicConfig> }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
      const [ok, providers] = await Promise.all([deps.ping(), deps.providers()]);
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok, driver: deps.driver },
        providers,
      });
    });

    api.get('/api/public-config', { schema: { response: { 200: publicConfigSchema } } }, async () => deps.publicConfig());
  };
}
