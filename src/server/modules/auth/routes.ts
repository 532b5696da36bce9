import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan } from '../../json-depth';
import { authRequestOrigin, isUsableHost, type OriginResolver } from '../../public-origin';
import { CLOSED_AUTH_PATHS, holdAuthLogs, type Auth } from './auth';

const BASE_PATH = '/api/auth';
/** The endpoints the app does not use: a coded 404 here (better-auth's own would be plain text). */
const CLOSED = new Set(CLOSED_AUTH_PATHS);
/**
 * Far more than any of its forms. Counted as the body streams in, whatever `Content-Length` says or when there
 * is none (chunked): reading stops at the limit with a 413, so no body bigger than this is ever held in memory.
 */
const BODY_LIMIT_BYTES = 64 * 1024;
/** The content types better-auth's router (better-call) parses as JSON: the same pattern as its own. */
const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

// The endpoints a stranger can hammer: throttled per client address (better-auth's paths, base path aside).
const THROTTLED = new Set(['/sign-in/email', '/sign-up/email', '/request-password-reset', '/reset-password', '/send-verification-email']);

interface EndpointPattern {
  path: string;
  methods: string[];
  matches: RegExp;
}

/** better-auth's own endpoint table, as patterns: `/reset-password/:token` takes any one segment. */
function endpointPatterns(auth: Auth): EndpointPattern[] {
  return Object.values(auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } };
    if (!path || options?.metadata?.SERVER_ONLY) return [];
    // Plain segments only: anything else would need escaping before it becomes part of a pattern.
    if (!/^(\/:?[a-z0-9-]+)+$/.test(path)) throw new Error(`better-auth endpoint with an unexpected path: ${path}`);
    const source = path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment))
      .join('/');
    return [{ path, methods: [options?.method ?? []].flat(), matches: new RegExp(`^${source}$`) }];
  });
}

/**
 * The better-auth endpoint a request will run, read from the path exactly as it was sent. better-auth resolves
 * the path as a browser would (`a/../`, `%2e%2e`, `\`), so a path that such a reading would change, or that
 * holds any percent-escape or an empty segment, is refused before anything counts it: otherwise the same
 * endpoint could be reached under many names and each name would get its own throttle. What is left is the
 * path better-auth sees, and it is matched against better-auth's own table, case and trailing slash included.
 */
function endpointResolver(auth: Auth) {
  const patterns = endpointPatterns(auth);
  return (method: string, rawUrl: string): string => {
    const rawPath = rawUrl.split('?')[0] ?? '';
    const asRead = new URL(rawUrl, 'http://localhost').pathname;
    if (asRead !== rawPath || /%|\\|\/\//.test(rawPath) || !rawPath.startsWith(`${BASE_PATH}/`)) {
      throw new AppError('BAD_REQUEST', 'The address of the request is not valid.');
    }
    const path = rawPath.slice(BASE_PATH.length);
    const endpoint = patterns.find((pattern) => pattern.methods.includes(method) && pattern.matches.test(path));
    if (!endpoint || CLOSED.has(endpoint.path)) throw new AppError('NOT_FOUND', 'There is nothing here.');
    return endpoint.path;
  };
}

/**
 * Mounts better-auth under /api/auth/*. Fastify reads the body (bounded, see BODY_LIMIT_BYTES) as raw bytes,
 * untouched by any of the app's parsers (see STACK-NOTES), and better-auth gets it as a fetch Request.
 */
export function authRoutes(auth: Auth, rateLimit: { max: number; windowMs: number }, originOf: OriginResolver) {
  const resolve = endpointResolver(auth);
  const endpoints = new WeakMap<FastifyRequest, string>();
  const endpointOf = (request: FastifyRequest) => endpoints.get(request) ?? '';

  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, body: Buffer, done) => {
      // better-auth parses JSON itself, whole: held to the app's nesting bound before it sees it.
      const type = request.headers['content-type'] ?? '';
      if (JSON_CONTENT_TYPE.test(type) && nestsDeeperThan(body.toString('utf8'), MAX_JSON_DEPTH)) return done(new AppError('BAD_REQUEST', JSON_TOO_DEEP_MESSAGE), undefined);
      done(null, body);
    });

    const limiter = app.rateLimit({
      max: rateLimit.max,
      timeWindow: rateLimit.windowMs,
      keyGenerator: (request) => `${request.ip}|${endpointOf(request)}`,
      allowList: (request) => !(request.method === 'POST' && THROTTLED.has(endpointOf(request))),
    });

    app.route({
      method: ['GET', 'POST'],
      url: `${BASE_PATH}/*`,
      onRequest: [
        async (request) => {
          // better-auth is handed the request's address, made from its host: a host no address can be made of
          // is the client's mistake, refused here rather than failing inside the handler.
          if (!isUsableHost(request.host)) throw new AppError('BAD_REQUEST', 'The Host header does not name a host.');
          endpoints.set(request, resolve(request.method, request.raw.url ?? ''));
        },
        limiter,
      ],
      handler: async (request, reply) => {
        const headers = fromNodeHeaders(request.headers);
        // The body is whole now: the framing headers of the original request no longer describe it.
        headers.delete('content-length');
        headers.delete('transfer-encoding');
        // better-auth builds its links and checks origins from these headers (it trusts them, see auth.ts):
        // they are overwritten with the address Fastify established, so a client's own copies count for nothing.
        const origin = new URL(originOf(request));
        headers.set('x-forwarded-host', origin.host);
        headers.set('x-forwarded-proto', origin.protocol.replace(':', ''));
        // Like better-auth's own Node adapter, a body without a content type is not handed on.
        const body = Buffer.isBuffer(request.body) && request.body.length > 0 && headers.has('content-type') ? new Uint8Array(request.body) : undefined;
        const { result: response, held } = await holdAuthLogs(() =>
          authRequestOrigin.run(origin.origin, () =>
            auth.handler(new Request(new URL(request.raw.url ?? '/', `${request.protocol}://${request.host}`), { method: request.method, headers, body })),
          ),
        );
        // A refusal of the client's mistake is not the server's fault: what better-auth said about it is information.
        for (const line of held) request.log[response.status >= 500 ? line.level : 'info']({ status: response.status }, `[better-auth] ${line.message}`);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') void reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) void reply.header('set-cookie', cookies);
        return reply.status(response.status).send(Buffer.from(await response.arrayBuffer()));
      },
    });
  };
}
