import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  imageMigrationResultSchema,
  imageMigrationStatusSchema,
  memoryDetailSchema,
  recentMemoriesQuerySchema,
  recentMemoriesResponseSchema,
} from '@shared/contracts/memories';
import type { SessionReader } from '../auth/service';
import type { MemoriesService } from './service';

export function memoriesRoutes(deps: { session: SessionReader; memories: MemoriesService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/memories/recent',
      {
        schema: { querystring: recentMemoriesQuerySchema, response: { 200: recentMemoriesResponseSchema } },
        // Signed-out callers get 401 before a bad limit gets 400 (the session is read once per request).
        onRequest: async (request) => {
          await deps.session.require(request);
        },
      },
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
      {
        schema: { params: z.object({ id: z.string() }), response: { 200: memoryDetailSchema } },
        onRequest: async (request) => {
          await deps.session.require(request);
        },
      },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.detail(user.id, request.params.id);
      },
    );

    // One memory per request: the browser runs them one after another and counts successes and failures.
    api.post(
      '/api/memories/migration/:id',
      {
        schema: { params: z.object({ id: z.string() }), response: { 200: imageMigrationResultSchema } },
        onRequest: async (request) => {
          await deps.session.require(request);
        },
      },
      async (request) => {
        const user = await deps.session.require(request);
        return deps.memories.migrateImage(user.id, request.params.id, { log: request.log });
      },
    );
  };
}
