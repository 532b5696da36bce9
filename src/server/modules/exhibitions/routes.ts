import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentExhibitionRequestSchema,
  currentExhibitionSchema,
  exhibitionDetailSchema,
  exhibitionListSchema,
  exhibitionShareSchema,
  exhibitionUpdateSchema,
  sharedExhibitionSchema,
} from '@shared/contracts/exhibitions';
import { idParamsSchema } from '@shared/contracts/id-params';
import type { SessionReader } from '../auth/service';
import type { ExhibitionsService } from './service';

/** Downloads of the wall as one picture, per person and hour: each one reads and composes every artwork. */
const WALL_IMAGES_PER_HOUR = 30;

export function exhibitionsRoutes(deps: { session: SessionReader; exhibitions: ExhibitionsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // A POST: the first ask in a month's first days makes the exhibition (once, however many ask together).
    api.post(
      '/api/exhibitions/current',
      { onRequest: deps.session.onRequest, schema: { body: currentExhibitionRequestSchema, response: { 200: currentExhibitionSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.exhibitions.current(user.id, request.body, { log: request.log });
      },
    );

    api.get('/api/exhibitions', { onRequest: deps.session.onRequest, schema: { response: { 200: exhibitionListSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.exhibitions.listKept(user.id);
    });

    // Any id is accepted here so a malformed one is "not found" like an unknown one, and only once the caller is known.
    api.get(
      '/api/exhibitions/:id',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, response: { 200: exhibitionDetailSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.exhibitions.detail(user.id, request.params.id);
      },
    );

    api.patch(
      '/api/exhibitions/:id',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, body: exhibitionUpdateSchema, response: { 200: exhibitionDetailSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.exhibitions.update(user.id, request.params.id, request.body);
      },
    );

    api.post(
      '/api/exhibitions/:id/share',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, response: { 200: exhibitionShareSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.exhibitions.share(user.id, request.params.id);
      },
    );

    api.delete('/api/exhibitions/:id/share', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.exhibitions.unshare(user.id, request.params.id);
      return reply.status(204).send();
    });

    api.get(
      '/api/exhibitions/:id/image',
      {
        onRequest: deps.session.onRequest,
        preHandler: app.rateLimit({
          max: WALL_IMAGES_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: (request) => `exhibition-image|${deps.session.current(request).id}`,
        }),
        schema: { params: idParamsSchema },
      },
      async (request, reply) => {
        const user = await deps.session.require(request);
        const { body, fileName } = await deps.exhibitions.image(user.id, request.params.id);
        return reply.type('image/jpeg').header('content-disposition', `attachment; filename="${fileName}"`).send(body);
      },
    );

    // Public: no session. Exactly the fields the shared page shows; any other token is "not found".
    api.get('/api/shared/exhibition/:token', { schema: { params: z.object({ token: z.string() }), response: { 200: sharedExhibitionSchema } } }, async (request) =>
      deps.exhibitions.shared(request.params.token),
    );
  };
}
