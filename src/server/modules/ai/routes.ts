import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiCapabilityParamsSchema,
  aiModelsRequestSchema,
  aiModelsResponseSchema,
  aiProviderUpdateSchema,
  aiSettingsSchema,
  aiTestRequestSchema,
  aiTestResponseSchema,
} from '@shared/contracts/ai';
import type { AdminGuard } from '../auth/service';
import type { AiService } from './service';

/** The administrator panel's AI tab: each capability's provider, its models, and a test call. */
export function aiRoutes(deps: { admin: AdminGuard; ai: AiService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // 401 signed out, 403 for anyone but an administrator — before any input is read.
    const adminOnly = async (request: FastifyRequest) => {
      await deps.admin.require(request);
    };

    api.get('/api/admin/ai', { onRequest: adminOnly, schema: { response: { 200: aiSettingsSchema } } }, async () => deps.ai.view());

    api.put(
      '/api/admin/ai/:capability',
      { onRequest: adminOnly, schema: { params: aiCapabilityParamsSchema, body: aiProviderUpdateSchema, response: { 200: aiSettingsSchema } } },
      async (request) => deps.ai.update(request.params.capability, request.body, request.log),
    );

    // An endpoint's failure is an answer about that endpoint (200 with a reason), not an error of ours.
    api.post('/api/admin/ai/models', { onRequest: adminOnly, schema: { body: aiModelsRequestSchema, response: { 200: aiModelsResponseSchema } } }, async (request) =>
      deps.ai.models(request.body),
    );

    api.post('/api/admin/ai/test', { onRequest: adminOnly, schema: { body: aiTestRequestSchema, response: { 200: aiTestResponseSchema } } }, async (request) =>
      deps.ai.test(request.body, request.log),
    );
  };
}
