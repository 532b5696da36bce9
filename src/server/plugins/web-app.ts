import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@shared/errors';

/**
 * Serves the built SPA from dist/web: hashed assets cached for a year, index.html never cached,
 * and index.html for every other path so the client router can answer it. Misses under
 * `jsonPrefixes` (the API, stored files) answer a JSON 404 instead. Text files go out as the
 * Brotli or gzip copies the build wrote beside them (scripts/build-compress.mjs) to browsers that
 * accept them, the plain file otherwise (decision 0029).
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
  // A missing hashed asset is a 404, never the app shell: a tab left open across a deploy asks for a page chunk that
  // no longer exists, and HTML in its place would fail as a confusing MIME error instead of a plain miss.
  const jsonPrefixes = [...(opts.jsonPrefixes ?? ['/api/']), '/assets/'];
  const index = path.join(opts.dir, 'index.html');
  const serve = opts.enabled && existsSync(index);
  if (opts.enabled && !serve) app.log.warn(`No built web app in ${opts.dir}: run "npm run build". Serving the API only.`);

  if (serve) {
    await app.register(fastifyStatic, {
      root: opts.dir,
      wildcard: false,
      index: false,
      preCompressed: true,
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
        const html = transform(await indexHtml);
        reply.header('Cache-Control', 'no-cache').header('Vary', 'accept-encoding').type('text/html; charset=utf-8');
        const encoded = compressHtml(html, request.headers['accept-encoding']);
        return encoded ? reply.header('Content-Encoding', encoded.encoding).send(encoded.body) : reply.send(html);
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } };
    return reply.status(404).send(body);
  });
});

/**
 * A page rendered per request (a shared memory's preview tags) is a couple of KB: compressed on the fly at a
 * quick setting, as the browser allows. Null when it accepts neither Brotli nor gzip.
 */
function compressHtml(html: string, acceptEncoding: string | undefined): { encoding: string; body: Buffer } | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
    .filter(([, quality]) => !/^q=0(\.0*)?$/.test(quality ?? ''))
    .map(([coding]) => coding);
  if (accepted.includes('br')) {
    return { encoding: 'br', body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (accepted.includes('gzip')) return { encoding: 'gzip', body: gzipSync(html, { level: 6 }) };
  return null;
}
