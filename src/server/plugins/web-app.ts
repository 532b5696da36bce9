import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@shared/errors';

/**
 * Serves the built SPA from dist/web: hashed assets cached for a year, index.html never cached,
 * and index.html for every other path so the client router can answer it. Misses under
 * `jsonPrefixes` (the API, stored files) answer a JSON 404 instead.
 */
export interface WebAppOptions {
  dir: string;
  enabled: boolean;
  jsonPrefixes?: string[];
  /**
   * Pages whose HTML must say something before the app runs (link previews of a shared memory):
   * given the page's path, answers a transformation of index.html, or null for the plain file.
   */
  renderPage?: (pathname: string, request: FastifyRequest) => Promise<((html: string) => string) | null>;
}

export const webAppPlugin = fp(async (app: FastifyInstance, opts: WebAppOptions) => {
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

  let indexHtml: Promise<string> | null = null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serve && (request.method === 'GET' || request.method === 'HEAD') && !jsonPrefixes.some((p) => pathname.startsWith(p))) {
      const transform = opts.renderPage ? await opts.renderPage(pathname, request) : null;
      if (transform) {
        indexHtml ??= readFile(index, 'utf8');
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(transform(await indexHtml));
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } };
    return reply.status(404).send(body);
  });
});
