import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  galleryPageSchema,
  galleryQuerySchema,
  galleryYearsQuerySchema,
  galleryYearsSchema,
  imageMigrationResultSchema,
  imageMigrationStatusSchema,
  memoryDetailSchema,
  memoryShareSchema,
  memoryUpdateSchema,
  recentMemoriesQuerySchema,
  recentMemoriesResponseSchema,
  sharedMemorySchema,
} from '@shared/contracts/memories';
import { idParamsSchema } from '@shared/contracts/id-params';
import type { SessionReader } from '../auth/service';
import type { MemoriesService } from './service';

export function memoriesRoutes(deps: { session: SessionReader; memories: MemoriesService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/memories', { onRequest: deps.session.onRequest, schema: { querystring: galleryQuerySchema, response: { 200: galleryPageSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.memories.gallery(user.id, request.query);
    });

    api.get('/api/memories/years', { onRequest: deps.session.onRequest, schema: { querystring: galleryYearsQuerySchema, response: { 200: galleryYearsSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.memories.years(user.id, request.query.tz);
    });

    api.get(
      '/api/memories/recent',
      { onRequest: deps.session.onRequest, schema: { querystring: recentMemoriesQuerySchema, response: { 200: recentMemoriesResponseSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.recent(user.id, request.query.limit);
      },
    );

    api.get('/api/memories/migration', { schema: { response: { 200: imageMigrationStatusSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.memories.migrationStatus(user.id);
    });

    // After the static /recent and /migration (the router prefers them). Any id is accepted here so a
    // malformed one is "not found" like an unknown one — and only once the caller is known.
    api.get(
      '/api/memories/:id',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, response: { 200: memoryDetailSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.detail(user.id, request.params.id);
      },
    );

    // Only `liked` and `title` exist in the body schema (strict): anything else is a 400 and nothing changes.
    api.patch(
      '/api/memories/:id',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, body: memoryUpdateSchema, response: { 200: memoryDetailSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.update(user.id, request.params.id, request.body);
      },
    );

    api.delete('/api/memories/:id', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.memories.remove(user.id, request.params.id, { log: request.log });
      return reply.status(204).send();
    });

    api.post(
      '/api/memories/:id/share',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, response: { 200: memoryShareSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.share(user.id, request.params.id);
      },
    );

    api.delete('/api/memories/:id/share', { onRequest: deps.session.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.memories.unshare(user.id, request.params.id);
      return reply.status(204).send();
    });

    // Public: no session. Exactly the fields the shared page shows; any other token is "not found".
    api.get('/api/shared/:token', { schema: { params: z.object({ token: z.string() }), response: { 200: sharedMemorySchema } } }, async (request) =>
      deps.memories.shared(request.params.token),
    );

    // One memory per request: the browser runs them one after another and counts successes and failures.
    api.post(
      '/api/memories/migration/:id',
      { onRequest: deps.session.onRequest, schema: { params: idParamsSchema, response: { 200: imageMigrationResultSchema } } },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.migrateImage(user.id, request.params.id, { log: request.log });
      },
    );
  };
}
