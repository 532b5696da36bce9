import type { FastifyServerOptions } from 'fastify';

/** Paths whose segments or query carry secrets (verification and reset tokens). */
const redactUrl = (url: string) => {
  const [pathname = '/'] = url.split('?');
  return pathname.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[token]');
};

/**
 * Request logs carry method, path (tokens removed, no query string), status and timing —
 * never bodies, cookies or authorization headers, so no conversation text or secret reaches the logs.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        // @fastify/multipart traces its parser options, request headers included.
        'busboyOptions.headers.cookie',
        'busboyOptions.headers.authorization',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
