import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '../storable-text';

/**
 * JSON bodies read as Fastify reads them (`__proto__` and `constructor.prototype` keys refused), then
 * refused whole (400 BAD_REQUEST) when any text in them could not be stored as sent — before any route
 * sees them, so no route stores, mails or forwards such text (docs/decisions/0027). Scopes that read
 * bodies their own way (better-auth, the Stripe webhook, uploads) replace this parser.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error, undefined);
      const path = unstorableTextPath(value);
      if (path !== null) return done(new AppError('BAD_REQUEST', `${UNSTORABLE_TEXT_MESSAGE} (${path})`), undefined);
      done(null, value);
    });
  });
});
