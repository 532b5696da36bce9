import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { ProfileService, SessionUser } from '../profile/service';
import type { Auth } from './auth';
import type { AuthRepository } from './repository';

/** The value of cookie `name` in a Cookie header, decoded; undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The token of a cookie signed as better-auth signs it (`token.base64(HMAC-SHA256(secret, token))`), or null
 * when the signature is missing or wrong.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Reads the session cookie; null when signed out or the session was revoked. Read once per request,
 * so a route may check it in onRequest (401 before any 400) and ask again in its handler for free.
 *
 * The common case — a correctly signed cookie whose session is neither expired nor due for better-auth's daily
 * refresh — is answered with one query of better-auth's own tables, so a revoked or signed-out session is refused
 * at once, as before. Everything else (no valid signature, expired, refresh due) goes through better-auth's
 * getSession, which refreshes or removes the session as it always does. better-auth's getSession costs ~5 ms of
 * CPU per request here, the fast path ~1 ms (docs/performance.md).
 */
export function createSessionReader(auth: Auth, sessions: AuthRepository) {
  const seen = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const signedIn = new WeakMap<FastifyRequest, SessionUser>();
  const slow = (request: FastifyRequest) =>
    auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then((s) => (s ? s.user : null));

  const fast = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const context = await auth.$context;
    const cookie = cookieValue(request.headers.cookie, context.authCookies.sessionToken.name);
    if (cookie === undefined) return null;
    const token = verifiedToken(cookie, context.secret);
    if (!token) return slow(request);
    const found = await sessions.findSession(token);
    if (!found) return null;
    const { expiresIn, updateAge } = context.sessionConfig;
    const now = Date.now();
    const refreshDue = found.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
    if (found.expiresAt.getTime() <= now || refreshDue) return slow(request);
    return found.user;
  };

  const read = (request: FastifyRequest): Promise<SessionUser | null> => {
    let session = seen.get(request);
    if (!session) {
      session = fast(request);
      seen.set(request, session);
    }
    return session;
  };
  const reader = {
    read,
    async require(request: FastifyRequest): Promise<SessionUser> {
      const user = await read(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'You need to be signed in.');
      signedIn.set(request, user);
      return user;
    },
    /** The same check as an onRequest hook: a signed-out caller gets 401 before any input is read (and 400). */
    onRequest: async (request: FastifyRequest): Promise<void> => {
      await reader.require(request);
    },
    /**
     * The person `require` already found for this request, without waiting: for synchronous steps after an
     * onRequest check (rate-limit keys, handlers). Throws UNAUTHENTICATED when `require` did not pass.
     */
    current(request: FastifyRequest): SessionUser {
      const user = signedIn.get(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'You need to be signed in.');
      return user;
    },
  };
  return reader;
}
export type SessionReader = ReturnType<typeof createSessionReader>;

/**
 * Whether the caller is an administrator — decided on the server, from the profile (or ADMIN_EMAILS), never from the browser.
 * Every admin route uses it in onRequest: 401 without a session, 403 for anyone else, and each refusal of a
 * signed-in person is logged (who and which route, nothing of the request body).
 */
export function createAdminGuard(deps: { session: SessionReader; profiles: Pick<ProfileService, 'isAdmin'> }) {
  const admins = new WeakMap<FastifyRequest, SessionUser>();
  const guard = {
    async require(request: FastifyRequest): Promise<SessionUser> {
      const known = admins.get(request);
      if (known) return known;
      const user = await deps.session.require(request);
      let admin = false;
      try {
        admin = await deps.profiles.isAdmin(user);
      } catch (error) {
        // Any failure of the check means "not admin".
        request.log.error({ err: error, userId: user.id }, 'admin check failed');
      }
      if (!admin) {
        request.log.warn({ userId: user.id, method: request.method, route: request.routeOptions.url }, 'refused admin request');
        throw new AppError('FORBIDDEN', "You don't have administrator rights.");
      }
      admins.set(request, user);
      return user;
    },

    /** The same check as an onRequest hook: an administrator route refuses before any input is read. */
    onRequest: async (request: FastifyRequest): Promise<void> => {
      await guard.require(request);
    },
  };
  return guard;
}
export type AdminGuard = ReturnType<typeof createAdminGuard>;
