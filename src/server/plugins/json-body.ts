import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../app-error';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH, nestsDeeperThan } from '../json-depth';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from '../storable-text';

/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH refused (400 BAD_REQUEST) before they are parsed, then
 * read as Fastify reads them (`__proto__` and `constructor.prototype` keys refused), then
 * refused whole (400 BAD_REQUEST) when any text in them could not be stored as sent — before any route
 * sees them, so no route stores, mails or forwards such text (docs/decisions/0027). Scopes that read
 * bodies their own way (better-auth, the Stripe webhook, uploads) replace this parser; better-auth's mount holds
 * JSON to the same depth bound, and the webhook parses only what Stripe signed.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new AppError('BAD_REQUEST', JSON_TOO_DEEP_MESSAGE), undefined);
    void parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const path = unstorableTextPath(value);
      if (path !== null) return done(new AppError('BAD_REQUEST', `${UNSTORABLE_TEXT_MESSAGE} (${path})`), undefined);
      done(null, value);
    });
  });
});
