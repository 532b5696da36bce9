import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@shared/errors';

/**
 * Serves the built SPA from dist/web: hashed assets cached for a year, index.html never cached,
 * and index.html for every other path so the client router can answer it. Misses under
 * `jsonPrefixes` (the API, stored files) answer a JSON 404 instead.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { dir: string; enabled: boolean; jsonPrefixes?: string[] }) => {
  const jsonPrefixes = opts.jsonPrefixes ?? ['/api/'];
  const index = path.join(opts.dir, 'index.html');
  const serve = opts.enabled && existsSync(index);
  if (opts.enabled && !serve) app.log.warn(`No built web app in ${opts.dir}: run "npm run build". Serving the API only.`);

  if (serve) {
    await app.register(fastifyStatic, {
      root: opts.dir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serve && (request.method === 'GET' || request.method === 'HEAD') && !jsonPrefixes.some((p) => pathname.startsWith(p))) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } };
    return reply.status(404).send(body);
  });
});
