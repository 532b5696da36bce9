import { createHash } from 'node:crypto';

/** A stored file never changes under its key (every image gets a new random key): caches keep it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A strong validator of the bytes themselves, whichever provider holds them. */
export const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/**
 * Whether an If-None-Match header names this entity tag (RFC 9110 §13.1.2: weak comparison, so a
 * `W/` prefix added by a proxy still matches; `*` matches any existing file).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
