import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@shared/errors';
import type { RenderedPage } from './page-render';

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
   * Draws each page's HTML from the built index.html (page-render.ts: server-rendered public pages, the signed-in
   * shell with its session state). Made once the files are known to be there; where it answers null, or without
   * it, index.html goes as it is.
   */
  pages?: () => Promise<(pathname: string, request: FastifyRequest) => Promise<RenderedPage | null>>;
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

  const renderPage = serve && opts.pages ? await opts.pages() : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serve && (request.method === 'GET' || request.method === 'HEAD') && !jsonPrefixes.some((p) => pathname.startsWith(p))) {
      const page = renderPage ? await renderPage(pathname, request) : null;
      if (page) {
        reply.header('Cache-Control', page.cacheControl).header('Vary', page.vary).type('text/html; charset=utf-8');
        if (page.setCookie) reply.header('Set-Cookie', page.setCookie);
        const encoded = compressHtml(page.html, request.headers['accept-encoding']);
        return encoded ? reply.header('Content-Encoding', encoded.encoding).send(encoded.body) : reply.send(page.html);
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } };
    return reply.status(404).send(body);
  });
});

/**
 * A page rendered per request (a server-rendered page, the shell with its session state) is a few KB: compressed on the fly at a
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
