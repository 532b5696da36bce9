import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationEnvelopeSchema,
  keepingKeysSchema,
  keepingOfferSchema,
  keepingStatusSchema,
  keptConversationListSchema,
  keptConversationParamsSchema,
  keptConversationSchema,
} from '@shared/contracts/keeping';
import { idParamsNamed } from '@shared/contracts/id-params';
import type { SessionReader } from '../auth/service';
import type { KeepingService } from './service';

// Reading: any id is "not found" when unknown, malformed or another person's. Writing takes only a UUID.
const anyConversationId = idParamsNamed('conversationId');

export function keepingRoutes(deps: { session: SessionReader; keeping: KeepingService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/keeping', { onRequest: deps.session.onRequest, schema: { response: { 200: keepingStatusSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.keeping.status(user.id);
    });

    api.post('/api/keeping', { onRequest: deps.session.onRequest, schema: { body: keepingKeysSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.keeping.enable(user.id, request.body.keys);
      return reply.status(201).send(await deps.keeping.status(user.id));
    });

    api.put('/api/keeping/offer', { onRequest: deps.session.onRequest, schema: { body: keepingOfferSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.keeping.answerOffer(user.id, request.body.declined);
      return reply.status(204).send();
    });

    api.put('/api/keeping/keys', { onRequest: deps.session.onRequest, schema: { body: keepingKeysSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.keeping.replaceKeys(user.id, request.body.keys);
      return reply.status(204).send();
    });

    api.get('/api/keeping/conversations', { onRequest: deps.session.onRequest, schema: { response: { 200: keptConversationListSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.keeping.list(user.id);
    });

    api.get(
      '/api/keeping/conversations/:conversationId',
      { onRequest: deps.session.onRequest, schema: { params: anyConversationId, response: { 200: keptConversationSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.keeping.get(user.id, request.params.conversationId);
      },
    );

    api.put(
      '/api/keeping/conversations/:conversationId',
      { onRequest: deps.session.onRequest, schema: { params: keptConversationParamsSchema, body: conversationEnvelopeSchema } },
      async (request, reply) => {
        const user = await deps.session.require(request);
        await deps.keeping.put(user.id, request.params.conversationId, request.body);
        return reply.status(204).send();
      },
    );
    // Turning keeping off (last: it takes everything else with it).
    api.delete('/api/keeping', { onRequest: deps.session.onRequest }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.keeping.disable(user.id);
      return reply.status(204).send();
    });
  };
}
