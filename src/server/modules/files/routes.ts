import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMMUTABLE_CACHE_CONTROL, matchesIfNoneMatch } from './http-caching';
import type { FilesService } from './service';

/**
 * GET (and HEAD) /files/<key>: every stored file, whichever provider holds it. Public by link — keys
 * carry 128 random bits and shared memories show their image to anyone with the link (decision 0020).
 */
export function filesRoutes(deps: { files: FilesService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/files/*',
      { schema: { params: z.object({ '*': z.string() }) } },
      async (request, reply) => {
        // Refusals must not be kept by caches; only a found file gets the immutable header.
        reply.header('Cache-Control', 'no-store');
        const file = await deps.files.read(request.params['*']);
        reply
          .header('Cache-Control', IMMUTABLE_CACHE_CONTROL)
          .header('ETag', file.etag)
          .header('X-Content-Type-Options', 'nosniff')
          .type(file.contentType);
        if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
        return reply.send(file.body);
      },
    );
  };
}
