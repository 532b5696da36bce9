import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { ProfileService, SessionUser } from '../profile/service';
import type { Auth } from './auth';

/**
 * Reads the session cookie; null when signed out or the session was revoked. Read once per request,
 * so a route may check it in onRequest (401 before any 400) and ask again in its handler for free.
 */
export function createSessionReader(auth: Auth) {
  const seen = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  const signedIn = new WeakMap<FastifyRequest, SessionUser>();
  const read = (request: FastifyRequest): Promise<SessionUser | null> => {
    let session = seen.get(request);
    if (!session) {
      session = auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then((s) => (s ? s.user : null));
      seen.set(request, session);
    }
    return session;
  };
  return {
    read,
    async require(request: FastifyRequest): Promise<SessionUser> {
      const user = await read(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'You need to be signed in.');
      signedIn.set(request, user);
      return user;
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
}
export type SessionReader = ReturnType<typeof createSessionReader>;

/**
 * Spec §6 "How admin is decided" — on the server, from the profile (or ADMIN_EMAILS), never from the browser.
 * Every admin route uses it in onRequest: 401 without a session, 403 for anyone else, and each refusal of a
 * signed-in person is logged (who and which route, nothing of the request body).
 */
export function createAdminGuard(deps: { session: SessionReader; profiles: Pick<ProfileService, 'isAdmin'> }) {
  const admins = new WeakMap<FastifyRequest, SessionUser>();
  return {
    async require(request: FastifyRequest): Promise<SessionUser> {
      const known = admins.get(request);
      if (known) return known;
      const user = await deps.session.require(request);
      let admin = false;
      try {
        admin = await deps.profiles.isAdmin(user);
      } catch (error) {
        // Spec §6: any failure of the check means "not admin".
        request.log.error({ err: error, userId: user.id }, 'admin check failed');
      }
      if (!admin) {
        request.log.warn({ userId: user.id, method: request.method, route: request.routeOptions.url }, 'refused admin request');
        throw new AppError('FORBIDDEN', "You don't have administrator rights.");
      }
      admins.set(request, user);
      return user;
    },
  };
}
export type AdminGuard = ReturnType<typeof createAdminGuard>;
