import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema, updateLanguageSchema } from '@shared/contracts/me';
import type { SessionReader } from '../auth/service';
import type { ProfileService } from './service';

export function profileRoutes(deps: { session: SessionReader; profiles: ProfileService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.profiles.getMe(user);
    });

    api.put('/api/me/language', { schema: { body: updateLanguageSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.setLanguage(user.id, request.body.language);
      return reply.status(204).send();
    });
  };
}
