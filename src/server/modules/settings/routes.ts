import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSettingsSchema, adminSettingsUpdateSchema, agentAvatarResponseSchema } from '@shared/contracts/admin';
import { AVATAR_MAX_BYTES } from '@shared/limits';
import { registerFileUpload, type ExpectedFile } from '../../uploads';
import type { AdminGuard, SessionReader } from '../auth/service';
import type { SettingsService } from './service';

const AGENT_AVATAR: ExpectedFile = { field: 'avatar', requiredKey: 'validation.avatarRequired', maxBytes: AVATAR_MAX_BYTES };

/** The administrators' settings: prompts, the agent's name and picture, image, limit, pricing and reminder settings. */
export function settingsRoutes(deps: { admin: AdminGuard; session: SessionReader; settings: SettingsService; uploadMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/admin/settings', { onRequest: deps.admin.onRequest, schema: { response: { 200: adminSettingsSchema } } }, async () => deps.settings.get());

    api.patch('/api/admin/settings', { onRequest: deps.admin.onRequest, schema: { body: adminSettingsUpdateSchema, response: { 200: adminSettingsSchema } } }, async (request) =>
      deps.settings.update(request.body),
    );

    api.delete('/api/admin/settings/agent-avatar', { onRequest: deps.admin.onRequest }, async (request, reply) => {
      await deps.settings.removeAgentAvatar({ log: request.log });
      return reply.status(204).send();
    });

    // Per administrator, like a person's own picture.
    await registerFileUpload(app, {
      url: '/api/admin/settings/agent-avatar',
      expected: AGENT_AVATAR,
      onRequest: deps.admin.onRequest,
      response: agentAvatarResponseSchema,
      rateLimit: { max: deps.uploadMax, timeWindow: 60_000, key: (request) => `agent-avatar|${deps.session.current(request).id}` },
      handle: (request, file) => deps.settings.replaceAgentAvatar(file, { log: request.log }),
    });
  };
}
