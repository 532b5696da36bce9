import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BOOK_PAGES_HEADER, bookQuerySchema } from '@shared/contracts/book';
import type { SessionReader } from '../auth/service';
import type { BookService } from './book-service';

/** How long the book's rate limit counts (an hour), beside `bookMax`, the books a person may make in it. */
const BOOK_WINDOW_MS = 60 * 60 * 1000;

export function bookRoutes(deps: { session: SessionReader; books: BookService; bookMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // A static path: the router prefers it to /api/memories/:id. A few books an hour per person: each one reads and
    // re-encodes every artwork of the period. Refused input (400) is checked before and counts nothing.
    api.get(
      '/api/memories/book',
      {
        onRequest: deps.session.onRequest,
        schema: { querystring: bookQuerySchema },
        preHandler: app.rateLimit({
          max: deps.bookMax,
          timeWindow: BOOK_WINDOW_MS,
          keyGenerator: (request) => `book|${deps.session.current(request).id}`,
        }),
      },
      async (request, reply) => {
        const user = deps.session.current(request);
        const book = await deps.books.make(user.id, request.query, { log: request.log });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${book.fileName}"`)
          .header(BOOK_PAGES_HEADER, String(book.pages))
          .send(book.stream);
      },
    );
  };
}
