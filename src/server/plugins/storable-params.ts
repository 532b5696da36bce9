import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '../storable-text';

/**
 * Route parameters and query strings follow the rule bodies follow (plugins/json-body.ts): text the database
 * cannot keep as sent (a NUL, a lone surrogate) is refused with a coded 400 before any route sees it — a NUL
 * in `/api/admin/users/%00/free-access` or `?search=%00` otherwise reached PostgreSQL and failed as a 500.
 * Checked before validation and after `onRequest`, so a signed-out caller still gets 401 first.
 */
export const storableParamsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, values] of [
      ['params', request.params],
      ['query', request.query],
    ] as const) {
      const path = unstorableTextPath(values ?? null);
      if (path !== null) throw new AppError('BAD_REQUEST', `${UNSTORABLE_TEXT_MESSAGE} (${where}.${path})`);
    }
  });
});
