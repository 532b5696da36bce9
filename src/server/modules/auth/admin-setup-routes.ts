import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSetupSchema } from '@shared/contracts/me';
import type { AdminSetupService } from './admin-setup';
import type { SessionReader } from './service';

export function adminSetupRoutes(deps: { session: SessionReader; adminSetup: AdminSetupService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/api/me/admin-setup',
      {
        schema: { body: adminSetupSchema },
        // Wrong codes are counted by the service, per person: a body the contract refuses is not a try.
        onRequest: deps.session.onRequest,
      },
      async (request, reply) => {
        await deps.adminSetup.claim(deps.session.current(request), request.body.code, request.log);
        return reply.status(204).send();
      },
    );
  };
}
