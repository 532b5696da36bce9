import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostOf, isPublicAddress } from './address-policy';

/** What a stored image may weigh when it is downloaded (an artwork is a few MB at most). */
export const REMOTE_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Same-host redirects followed before giving up (blob stores do not redirect at all). */
const MAX_REDIRECTS = 3;

export interface RemoteImageOptions {
  /** Host names or IP addresses whose private or loopback addresses may still be reached (tests, a LAN server). */
  allowedHosts: readonly string[];
  /** For the whole download: connection, redirects and body. */
  timeoutMs: number;
  maxBytes?: number;
  /** Stops the download from outside (the server shutting down); it then fails as 'network'. */
  signal?: AbortSignal;
}

export type RemoteImageFailure =
  /** Not an absolute http(s) URL, or one with credentials in it. */
  | 'unsupported-url'
  /** The host is, or resolves to, a loopback, private, link-local or otherwise non-public address. */
  | 'refused-address'
  /** A redirect to another host, to another scheme than http(s), or too many of them. */
  | 'refused-redirect'
  | 'too-large'
  | 'timeout'
  /** The server answered something else than 2xx. */
  | 'http-status'
  | 'network';

/** Carries a reason and the upstream status only: never the URL, whose query may hold a signature. */
export class RemoteImageError extends Error {
  constructor(
    readonly reason: RemoteImageFailure,
    readonly status?: number,
  ) {
    super(`image download failed: ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'RemoteImageError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads the bytes behind an image provider's (temporary) URL — a memory being migrated, or an image
 * service that answers an address instead of the image — guarding against server-side request
 * forgery: http(s) only, no non-public address unless the host is allowed — checked on the address the
 * connection really uses, so a DNS answer that changes between check and connect cannot slip through —
 * redirects only within the same host, a deadline and a size cap. What the bytes are is for the caller
 * to check (by content).
 */
export async function downloadRemoteImage(address: string, options: RemoteImageOptions): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? REMOTE_IMAGE_MAX_BYTES;
  const allowed = new Set(options.allowedHosts.map((h) => h.toLowerCase()));
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteImageError('unsupported-url');
  }
  if (!isFetchable(url)) throw new RemoteImageError('unsupported-url');
  const origin = url.host;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const stop = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;

  try {
    for (let hop = 0; ; hop++) {
      const response = await request(url, allowed, stop);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        const next = location ? safeUrl(location, url) : null;
        if (!next || !isFetchable(next) || next.host !== origin || hop >= MAX_REDIRECTS) throw new RemoteImageError('refused-redirect', status);
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new RemoteImageError('http-status', status);
      }
      return await readCapped(response, maxBytes);
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    if (deadline.aborted && !options.signal?.aborted) throw new RemoteImageError('timeout');
    throw new RemoteImageError('network');
  }
}

const isFetchable = (url: URL) => (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && url.hostname !== '';

function safeUrl(location: string, base: URL): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

function request(url: URL, allowed: Set<string>, signal: AbortSignal): Promise<IncomingMessage> {
  const host = hostOf(url);
  const trusted = allowed.has(host);
  // An address written in the URL is never looked up: check it here.
  if (isIP(host) !== 0 && !trusted && !isPublicAddress(host)) return Promise.reject(new RemoteImageError('refused-address'));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.get(
      url,
      {
        signal,
        agent: false,
        lookup: trusted ? undefined : publicOnlyLookup,
        headers: { accept: 'image/png,image/jpeg,image/webp,image/*;q=0.8', 'user-agent': 'Souvenir (image download)' },
      },
      resolve,
    );
    outgoing.on('error', reject);
  });
}

/** Resolves like dns.lookup, and fails when any address of the name is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(new RemoteImageError('refused-address'), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new RemoteImageError('too-large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new RemoteImageError('too-large');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
