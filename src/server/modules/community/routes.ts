import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { communitySchema, communityUpdateSchema } from '@shared/contracts/community';
import type { AdminGuard } from '../auth/service';
import type { CommunityService } from './service';

/** Public community links, and the administrators' way to set them (the admin panel's Global tab uses it too). */
export function communityRoutes(deps: { admin: AdminGuard; community: CommunityService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/community', { schema: { response: { 200: communitySchema } } }, async () => deps.community.get());

    api.put(
      '/api/admin/community',
      {
        onRequest: deps.admin.onRequest,
        schema: { body: communityUpdateSchema, response: { 200: communitySchema } },
      },
      async (request) => deps.community.save(request.body),
    );
  };
}
