import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSettingsSchema,
  adminSettingsUpdateSchema,
  agentAvatarResponseSchema,
  bulkReminderSchema,
  outboxPageSchema,
  outboxQuerySchema,
  reminderResultSchema,
  singleReminderSchema,
  testEmailSchema,
  unsubscribeSchema,
} from '@shared/contracts/admin';
import { AVATAR_MAX_BYTES } from '@shared/limits';
import { discardUpload, readFile, receiveFile, uploadLimits, type ExpectedFile } from '../../uploads';
import type { OriginResolver } from '../../public-origin';
import type { AdminGuard, SessionReader } from '../auth/service';
import type { SettingsService } from '../settings/service';
import type { RemindersService } from './service';

const AGENT_AVATAR: ExpectedFile = { field: 'avatar', requiredKey: 'validation.avatarRequired', maxBytes: AVATAR_MAX_BYTES };

/** The administrator panel's server side: settings, the agent's picture, e-mail tools and reminders. */
export function adminRoutes(deps: { admin: AdminGuard; session: SessionReader; settings: SettingsService; reminders: RemindersService; uploadMax: number; originOf: OriginResolver }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // 401 signed out, 403 for anyone but an administrator — before any input is read.
    const adminOnly = async (request: FastifyRequest) => {
      await deps.admin.require(request);
    };

    api.get('/api/admin/settings', { onRequest: adminOnly, schema: { response: { 200: adminSettingsSchema } } }, async () => deps.settings.get());

    api.patch('/api/admin/settings', { onRequest: adminOnly, schema: { body: adminSettingsUpdateSchema, response: { 200: adminSettingsSchema } } }, async (request) =>
      deps.settings.update(request.body),
    );

    api.delete('/api/admin/settings/agent-avatar', { onRequest: adminOnly }, async (request, reply) => {
      await deps.settings.removeAgentAvatar({ log: request.log });
      return reply.status(204).send();
    });

    await app.register(async (upload) => {
      upload.removeAllContentTypeParsers();
      await upload.register(multipart, { limits: uploadLimits(AGENT_AVATAR.maxBytes), throwFileSizeLimit: false });
      upload.withTypeProvider<ZodTypeProvider>().post(
        '/api/admin/settings/agent-avatar',
        {
          onRequest: adminOnly,
          schema: { response: { 200: agentAvatarResponseSchema } },
          // Per administrator, like a person's own picture: each upload decodes an image.
          preHandler: upload.rateLimit({ max: deps.uploadMax, timeWindow: 60_000, keyGenerator: (request) => `agent-avatar|${deps.session.current(request).id}` }),
        },
        async (request) => {
          const part = await receiveFile(request, AGENT_AVATAR);
          try {
            return await deps.settings.replaceAgentAvatar(await readFile(request, part, AGENT_AVATAR), { log: request.log });
          } catch (error) {
            discardUpload(request, part);
            throw error;
          }
        },
      );
    });

    api.post('/api/admin/email/test', { onRequest: adminOnly, schema: { body: testEmailSchema } }, async (request, reply) => {
      await deps.reminders.sendTest(request.body);
      return reply.status(204).send();
    });

    api.get('/api/admin/outbox', { onRequest: adminOnly, schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } }, async (request) =>
      deps.reminders.outbox(request.query.page),
    );

    api.post('/api/admin/reminders/bulk', { onRequest: adminOnly, schema: { body: bulkReminderSchema, response: { 200: reminderResultSchema } } }, async (request) =>
      deps.reminders.remindInactive(request.body.days, request.log, deps.originOf(request)),
    );

    api.post('/api/admin/reminders/single', { onRequest: adminOnly, schema: { body: singleReminderSchema, response: { 200: reminderResultSchema } } }, async (request) =>
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
