import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTicketListSchema,
  adminTicketQuerySchema,
  adminTicketSchema,
  ticketCreateSchema,
  ticketListSchema,
  ticketResponseResultSchema,
  ticketResponseSchema,
  ticketSchema,
} from '@shared/contracts/support';
import { idParamsSchema } from '@shared/contracts/id-params';
import type { OriginResolver } from '../../public-origin';
import type { AdminGuard, SessionReader } from '../auth/service';
import type { SupportService } from './service';

/** A person may open this many tickets an hour: enough for anyone, not enough to flood the team. */
export const TICKETS_PER_HOUR = 10;

export function supportRoutes(deps: { session: SessionReader; admin: AdminGuard; support: SupportService; originOf: OriginResolver }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/support/tickets', { onRequest: deps.session.onRequest, schema: { response: { 200: ticketListSchema } } }, async (request) =>
      deps.support.listOwn(deps.session.current(request).id),
    );

    api.post(
      '/api/support/tickets',
      {
        onRequest: deps.session.onRequest,
        schema: { body: ticketCreateSchema, response: { 201: ticketSchema } },
        preHandler: app.rateLimit({
          max: TICKETS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          keyGenerator: (request) => `support-ticket|${deps.session.current(request).id}`,
        }),
      },
      async (request, reply) => {
        const ticket = await deps.support.create(deps.session.current(request).id, request.body);
        return reply.status(201).send(ticket);
      },
    );

    api.get(
      '/api/admin/support/tickets',
      { onRequest: deps.admin.onRequest, schema: { querystring: adminTicketQuerySchema, response: { 200: adminTicketListSchema } } },
      async (request) => deps.support.listAll(request.query.status),
    );

    api.post(
      '/api/admin/support/tickets/:id/response',
      { onRequest: deps.admin.onRequest, schema: { params: idParamsSchema, body: ticketResponseSchema, response: { 200: ticketResponseResultSchema } } },
      async (request) => deps.support.respond(request.params.id, request.body.response, { log: request.log, origin: deps.originOf(request) }),
    );

    api.post(
      '/api/admin/support/tickets/:id/close',
      { onRequest: deps.admin.onRequest, schema: { params: idParamsSchema, response: { 200: adminTicketSchema } } },
      async (request) => deps.support.close(request.params.id),
    );
  };
}
