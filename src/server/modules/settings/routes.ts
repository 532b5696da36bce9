import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSettingsSchema, adminSettingsUpdateSchema, agentAvatarResponseSchema } from '@shared/contracts/admin';
import { AVATAR_MAX_BYTES } from '@shared/limits';
import { discardUpload, readFile, receiveFile, uploadLimits, type ExpectedFile } from '../../uploads';
import type { AdminGuard, SessionReader } from '../auth/service';
import type { SettingsService } from './service';

const AGENT_AVATAR: ExpectedFile = { field: 'avatar', requiredKey: 'validation.avatarRequired', maxBytes: AVATAR_MAX_BYTES };

/** The administrators' settings: prompts, the agent's name and picture, image, limit, pricing and reminder settings. */
export function settingsRoutes(deps: { admin: AdminGuard; session: SessionReader; settings: SettingsService; uploadMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const adminOnly = deps.admin.onRequest;

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
  };
}
