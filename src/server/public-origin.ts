import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/** Hosts a browser on this machine uses for the server; any of them is the app's own address. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A host header worth echoing into a link: a name, an IPv4 or a bracketed IPv6 address, and a port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** What a Host may hold at all (RFC 3986's reg-name, a bracketed address, a port): no credentials, path, query or space. */
const HOST_CHARACTERS = /^[\w.~!$&'()*+,;=%:[\]-]+$/;

/**
 * Whether a request's host (its Host header, or a trusted proxy's X-Forwarded-Host) is one an address can be
 * made of: `a b`, `a@b`, a port past 65535, `[::1` or nothing at all is not, and a URL built on it would throw.
 * Looser than `HOST` above: a name with an underscore (a container's) is a host, just not one echoed into links.
 */
export function isUsableHost(host: string): boolean {
  if (!HOST_CHARACTERS.test(host)) return false;
  try {
    return new URL(`http://${host}`).host !== '';
  } catch {
    return false;
  }
}

export interface OriginOptions {
  /** PUBLIC_URL when set: then it is the only address. */
  publicUrl: string | null;
  /** Used when the request's own address cannot be trusted (a foreign host without a trusted proxy). */
  fallback: string;
  trustProxy: boolean;
}

export type OriginResolver = (request: FastifyRequest) => string;

/**
 * The address the person used, for every link and redirect the server makes: PUBLIC_URL when set; otherwise
 * the request's own scheme and host when it came through a trusted proxy (Fastify reads X-Forwarded-Proto and
 * -Host then) or when it is a loopback address (`127.0.0.1` and `localhost` hold different cookies, so a
 * checkout started on one must come back to it); anything else gets the fallback, never an echoed header.
 */
export function createOriginResolver(options: OriginOptions): OriginResolver {
  if (options.publicUrl) {
    const fixed = options.publicUrl;
    return () => fixed;
  }
  return (request) => {
    const host = request.host;
    if (!host || !HOST.test(host)) return options.fallback;
    if (options.trustProxy) {
      const protocol = request.protocol === 'https' ? 'https' : 'http';
      return `${protocol}://${host.toLowerCase()}`;
    }
    const hostname = host.replace(/:\d+$/, '').toLowerCase();
    return LOOPBACK_HOSTNAMES.has(hostname) ? `http://${host.toLowerCase()}` : options.fallback;
  };
}

/** Whether a page at `origin` is the app's own, for state-changing requests. */
export function isOwnOrigin(origin: string, request: FastifyRequest, options: OriginOptions & { trustedOrigins: string[] }, resolve: OriginResolver): boolean {
  if (options.trustedOrigins.includes(origin)) return true;
  // Without PUBLIC_URL, the address the request itself was made to (as the trusted proxy or loopback says).
  return options.publicUrl === null && origin === resolve(request);
}

/**
 * The address of the request better-auth is answering, for the links in its e-mails: better-auth calls them
 * from deep inside its own handler, where the Fastify request is out of reach.
 */
export const authRequestOrigin = new AsyncLocalStorage<string>();
