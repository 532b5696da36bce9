import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSafetyResponseSchema } from '@shared/contracts/safety';
import type { AdminGuard } from '../auth/service';
import type { SafetyService } from './service';

/** The administrators' read-only view of the crisis layer: its locked instructions and the referral counts. */
export function safetyRoutes(deps: { admin: AdminGuard; safety: SafetyService }) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/api/admin/safety', { onRequest: deps.admin.onRequest, schema: { response: { 200: adminSafetyResponseSchema } } }, async () => deps.safety.adminView());
  };
}
