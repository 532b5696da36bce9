import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema, updateLanguageSchema, welcomeBackSchema } from '@shared/contracts/me';
import type { SessionReader } from '../auth/service';
import type { ProfileService } from './service';

export function profileRoutes(deps: { session: SessionReader; profiles: ProfileService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // In onRequest, signed-out callers get 401 before a bad body gets 400 (the session is read once).
    const signedInFirst = async (request: Parameters<SessionReader['require']>[0]) => {
      await deps.session.require(request);
    };

    api.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.profiles.getMe(user);
    });

    api.put('/api/me/language', { schema: { body: updateLanguageSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.setLanguage(user.id, request.body.language);
      return reply.status(204).send();
    });

    // Save sends { language, gender? }, Skip sends {}: both count the session.
    api.post('/api/me/welcome-back', { schema: { body: welcomeBackSchema }, onRequest: signedInFirst }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.welcomeBack(user.id, request.body);
      return reply.status(204).send();
    });
  };
}
