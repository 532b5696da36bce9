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
  pages?: () => Promise<PageRenderer>;
}

/** Draws a page; `invalidate` drops whatever it keeps of the public pages. */
type PageRenderer = ((pathname: string, request: FastifyRequest) => Promise<RenderedPage | null>) & { invalidate?: () => void };

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Requests that change nothing a public page shows and come often: a chat reply, a voice message. */
const CHANGES_NOTHING_PUBLIC = /^\/api\/chat\//;

/** True when `If-None-Match` names this validator (or any, with `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
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
  // Whatever someone changed may show on a public page (a policy saved, a link revoked, a memory renamed): the kept
  // pages go as soon as the change is answered, before anyone can read the page again.
  if (renderPage?.invalidate) {
    const invalidate = renderPage.invalidate;
    app.addHook('onSend', async (request, reply, payload) => {
      if (CHANGES.has(request.method) && reply.statusCode < 400 && !CHANGES_NOTHING_PUBLIC.test(request.url)) invalidate();
      return payload;
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (serve && (request.method === 'GET' || request.method === 'HEAD') && !jsonPrefixes.some((p) => pathname.startsWith(p))) {
      const page = renderPage ? await renderPage(pathname, request) : null;
      if (page) {
        reply.header('Cache-Control', page.cacheControl).header('Vary', page.vary).type('text/html; charset=utf-8');
        if (page.setCookie) reply.header('Set-Cookie', page.setCookie);
        if (page.etag) {
          reply.header('ETag', page.etag);
          if (matches(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
        }
        const encoded = page.encoded ? compressedOnce(page.html, request.headers['accept-encoding'], page.encoded) : compressHtml(page.html, request.headers['accept-encoding']);
        return encoded ? reply.header('Content-Encoding', encoded.encoding).send(encoded.body) : reply.send(page.html);
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } };
    return reply.status(404).send(body);
  });
});

/** A kept page's compressed body, made the first time an encoding is asked for and kept beside it. */
function compressedOnce(html: string, acceptEncoding: string | undefined, made: Map<string, Buffer>): { encoding: string; body: Buffer } | null {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return null;
  let body = made.get(encoding);
  if (!body) {
    body = compressHtml(html, encoding)!.body;
    made.set(encoding, body);
  }
  return { encoding, body };
}

/**
 * A page rendered per request (a server-rendered page, the shell with its session state) is a few KB: compressed on the fly at a
 * quick setting, as the browser allows. Null when it accepts neither Brotli nor gzip.
 */
function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
    .filter(([, quality]) => !/^q=0(\.0*)?$/.test(quality ?? ''))
    .map(([coding]) => coding);
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
}

function compressHtml(html: string, acceptEncoding: string | undefined): { encoding: string; body: Buffer } | null {
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === 'br') {
    return { encoding: 'br', body: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (encoding === 'gzip') return { encoding: 'gzip', body: gzipSync(html, { level: 6 }) };
  return null;
}
