import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { SessionUser } from '../profile/service';
import type { Auth } from './auth';

/** Reads the session cookie; null when signed out or the session was revoked. */
export function createSessionReader(auth: Auth) {
  const read = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return session ? session.user : null;
  };
  return {
    read,
    async require(request: FastifyRequest): Promise<SessionUser> {
      const user = await read(request);
      if (!user) throw new AppError('UNAUTHENTICATED', 'You need to be signed in.');
      return user;
    },
  };
}
export type SessionReader = ReturnType<typeof createSessionReader>;
