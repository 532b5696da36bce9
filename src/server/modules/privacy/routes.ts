import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { privacyPolicyQuerySchema, privacyPolicySchema, privacyPolicyUpdateSchema } from '@shared/contracts/privacy';
import { LANGUAGES } from '@shared/limits';
import type { AdminGuard } from '../auth/service';
import type { PrivacyService } from './service';

export function privacyRoutes(deps: { admin: AdminGuard; privacy: PrivacyService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/privacy-policy', { schema: { querystring: privacyPolicyQuerySchema, response: { 200: privacyPolicySchema } } }, async (request) =>
      deps.privacy.get(request.query.language),
    );

    // Only administrators save (docs/decisions/0024-support-privacy-community.md), and the text persists per language.
    api.put(
      '/api/admin/privacy-policy/:language',
      {
        onRequest: deps.admin.onRequest,
        schema: {
          params: z.object({ language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }) }),
          body: privacyPolicyUpdateSchema,
          response: { 200: privacyPolicySchema },
        },
      },
      async (request) => {
        const admin = await deps.admin.require(request);
        return deps.privacy.save(request.params.language, request.body.content, admin.id);
      },
    );
  };
}
