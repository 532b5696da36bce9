import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiCapabilityParamsSchema,
  aiModelsRequestSchema,
  aiModelsResponseSchema,
  aiProviderUpdateSchema,
  aiSettingsSchema,
  aiTestRequestSchema,
  aiTestResponseSchema,
  localModelDownloadParamsSchema,
  localModelDownloadRequestSchema,
  localModelDownloadResponseSchema,
  localModelOverviewSchema,
  localModelTestRequestSchema,
} from '@shared/contracts/ai';
import type { AdminGuard } from '../auth/service';
import type { LocalModelsService } from './local-models';
import type { AiService } from './service';

/**
 * The administrator panel's AI tab: each capability's provider, its models, and a test call; and the
 * private model run by this server: its files, their downloads, and a test generation.
 */
export function aiRoutes(deps: { admin: AdminGuard; ai: AiService; local: LocalModelsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/admin/ai', { onRequest: deps.admin.onRequest, schema: { response: { 200: aiSettingsSchema } } }, async () => deps.ai.view());

    api.put(
      '/api/admin/ai/:capability',
      { onRequest: deps.admin.onRequest, schema: { params: aiCapabilityParamsSchema, body: aiProviderUpdateSchema, response: { 200: aiSettingsSchema } } },
      async (request) => deps.ai.update(request.params.capability, request.body, request.log),
    );

    // An endpoint's failure is an answer about that endpoint (200 with a reason), not an error of ours.
    api.post('/api/admin/ai/models', { onRequest: deps.admin.onRequest, schema: { body: aiModelsRequestSchema, response: { 200: aiModelsResponseSchema } } }, async (request) =>
      deps.ai.models(request.body),
    );

    api.post('/api/admin/ai/test', { onRequest: deps.admin.onRequest, schema: { body: aiTestRequestSchema, response: { 200: aiTestResponseSchema } } }, async (request) =>
      deps.ai.test(request.body, request.log),
    );

    api.get('/api/admin/ai/local', { onRequest: deps.admin.onRequest, schema: { response: { 200: localModelOverviewSchema } } }, async () => deps.local.overview());

    // A machine without the memory or the disk for the model is an answer (200, ok: false), given before any byte is fetched.
    api.post(
      '/api/admin/ai/local/downloads',
      { onRequest: deps.admin.onRequest, schema: { body: localModelDownloadRequestSchema, response: { 200: localModelDownloadResponseSchema } } },
      async (request) => deps.local.download(request.body, request.log),
    );

    api.delete(
      '/api/admin/ai/local/downloads/:id',
      { onRequest: deps.admin.onRequest, schema: { params: localModelDownloadParamsSchema, response: { 200: localModelOverviewSchema } } },
      async (request) => deps.local.cancel(request.params.id),
    );

    api.post('/api/admin/ai/local/test', { onRequest: deps.admin.onRequest, schema: { body: localModelTestRequestSchema, response: { 200: aiTestResponseSchema } } }, async (request) =>
      deps.local.test(request.body, request.log),
    );
  };
}
