import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bulkReminderSchema, reminderResultSchema, singleReminderSchema, unsubscribeSchema } from '@shared/contracts/admin';
import type { OriginResolver } from '../../public-origin';
import type { AdminGuard } from '../auth/service';
import type { RemindersService } from './service';

/** Reminder e-mails: sent by an administrator (everyone inactive, or one person), and the public unsubscribe. */
export function remindersRoutes(deps: { admin: AdminGuard; reminders: RemindersService; originOf: OriginResolver }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post('/api/admin/reminders/bulk', { onRequest: deps.admin.onRequest, schema: { body: bulkReminderSchema, response: { 200: reminderResultSchema } } }, async (request) =>
      deps.reminders.remindInactive(request.body.days, request.log, deps.originOf(request)),
    );

    api.post('/api/admin/reminders/single', { onRequest: deps.admin.onRequest, schema: { body: singleReminderSchema, response: { 200: reminderResultSchema } } }, async (request) =>
      deps.reminders.remindOne(request.body.email, deps.originOf(request)),
    );

    // Public: the link in every reminder e-mail leads to a page that posts here (a mail scanner that
    // follows links changes nothing). Rate-limited per client, since anyone can call it.
    api.post(
      '/api/reminders/unsubscribe',
      { schema: { body: unsubscribeSchema }, config: { rateLimit: { max: 30, timeWindow: 60 * 1000 } } },
      async (request, reply) => {
        await deps.reminders.unsubscribe(request.body.u, request.body.t);
        return reply.status(204).send();
      },
    );
  };
}
