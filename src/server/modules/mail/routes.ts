import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxPageSchema, outboxQuerySchema, testEmailSchema } from '@shared/contracts/admin';
import type { AdminGuard } from '../auth/service';
import type { MailService } from './service';

/** The Email Tools tab's mail side: send a test message, read the outbox. Administrators only. */
export function mailRoutes(deps: { admin: AdminGuard; mail: MailService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post('/api/admin/email/test', { onRequest: deps.admin.onRequest, schema: { body: testEmailSchema } }, async (request, reply) => {
      await deps.mail.sendTest(request.body);
      return reply.status(204).send();
    });

    api.get('/api/admin/outbox', { onRequest: deps.admin.onRequest, schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } }, async (request) =>
      deps.mail.outbox(request.query.page),
    );
  };
}
