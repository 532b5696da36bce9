import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { SessionUser } from '../profile/service';
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
