import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeletionSchema } from '@shared/contracts/me';
import type { SessionReader } from '../auth/service';
import type { AccountService } from './service';

export function accountRoutes(deps: { session: SessionReader; accounts: AccountService; exportMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // A few exports an hour per person: each one reads every image.
    api.get(
      '/api/me/export',
      {
        onRequest: deps.session.onRequest,
        preHandler: app.rateLimit({
          max: deps.exportMax,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: (request) => `export|${deps.session.current(request).id}`,
        }),
      },
      async (request, reply) => {
        const user = deps.session.current(request);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="souvenir-export-${day}.zip"`)
          .send(deps.accounts.exportArchive(user, { log: request.log }));
      },
    );

    api.delete('/api/me', { schema: { body: accountDeletionSchema }, onRequest: deps.session.onRequest }, async (request, reply) => {
      const user = deps.session.current(request);
      await deps.accounts.erase(user, { log: request.log });
      // The session rows went with the account: the browser's cookie no longer opens anything.
      return reply.status(204).send();
    });
  };
}
