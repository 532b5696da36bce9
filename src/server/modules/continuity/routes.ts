import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { continuityFactCreateSchema, continuityFactSchema, continuityQuerySchema, continuitySchema, continuitySettingsSchema } from '@shared/contracts/continuity';
import { idParamsSchema } from '@shared/contracts/id-params';
import type { SessionReader } from '../auth/service';
import type { ContinuityService } from './service';

export function continuityRoutes(deps: { session: SessionReader; continuity: ContinuityService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/continuity', { onRequest: deps.session.onRequest, schema: { querystring: continuityQuerySchema, response: { 200: continuitySchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.continuity.view(user.id, request.query.language);
    });

    api.put('/api/continuity', { onRequest: deps.session.onRequest, schema: { body: continuitySettingsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.continuity.setSettings(user.id, request.body);
      return reply.status(204).send();
    });

    api.post('/api/continuity/facts', { onRequest: deps.session.onRequest, schema: { body: continuityFactCreateSchema, response: { 201: continuityFactSchema } } }, async (request, reply) => {
      const user = await deps.session.require(request);
      return reply.status(201).send(await deps.continuity.addFact(user.id, request.body.text));
    });

    api.delete('/api/continuity/facts/:id', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.continuity.removeFact(user.id, request.params.id);
      return reply.status(204).send();
    });

    api.delete('/api/continuity/memories/:id', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.continuity.hideMemory(user.id, request.params.id);
      return reply.status(204).send();
    });
  };
}
