import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AVATAR_FIELD, avatarResponseSchema, meResponseSchema, profileUpdateSchema, updateCountrySchema, updateLanguageSchema, welcomeBackSchema } from '@shared/contracts/me';
import { AVATAR_MAX_BYTES } from '@shared/limits';
import { registerFileUpload, type ExpectedFile } from '../../uploads';
import type { SessionReader } from '../auth/service';
import type { ProfileService } from './service';

const UPLOAD_WINDOW_MS = 60_000;
const AVATAR: ExpectedFile = { field: AVATAR_FIELD, requiredKey: 'validation.avatarRequired', maxBytes: AVATAR_MAX_BYTES };

export function profileRoutes(deps: { session: SessionReader; profiles: ProfileService; uploadMax: number }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/me', { schema: { response: { 200: meResponseSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.profiles.getMe(user);
    });

    api.put('/api/me/language', { schema: { body: updateLanguageSchema }, onRequest: deps.session.onRequest }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.setLanguage(user.id, request.body.language);
      return reply.status(204).send();
    });

    api.put('/api/me/country', { schema: { body: updateCountrySchema }, onRequest: deps.session.onRequest }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.setCountry(user.id, request.body.country);
      return reply.status(204).send();
    });

    // Save sends { language, gender? }, Skip sends {}: both count the session.
    api.post('/api/me/welcome-back', { schema: { body: welcomeBackSchema }, onRequest: deps.session.onRequest }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.welcomeBack(user.id, request.body);
      return reply.status(204).send();
    });

    api.put('/api/me/profile', { schema: { body: profileUpdateSchema, response: { 200: meResponseSchema } }, onRequest: deps.session.onRequest }, async (request) => {
      const user = await deps.session.require(request);
      return deps.profiles.updateProfile(user, request.body);
    });

    api.delete('/api/me/avatar', { onRequest: deps.session.onRequest }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.profiles.removeAvatar(user.id, { log: request.log });
      return reply.status(204).send();
    });

    // The picture: multipart/form-data only in this scope — any other body is answered 415 before the handler.
    // Order of refusals: signed out 401, no file 400, over 2 MB 413 (never truncated), not an image 415.
    await registerFileUpload(app, {
      url: '/api/me/avatar',
      expected: AVATAR,
      onRequest: deps.session.onRequest,
      response: avatarResponseSchema,
      // Each upload decodes a picture: a few a minute per person, counted before the file is read.
      rateLimit: { max: deps.uploadMax, timeWindow: UPLOAD_WINDOW_MS, key: (request) => `avatar|${deps.session.current(request).id}` },
      handle: (request, image) => deps.profiles.replaceAvatar(deps.session.current(request).id, image, { log: request.log }),
    });
  };
}
