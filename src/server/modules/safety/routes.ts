import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminSafetyResponseSchema, safetyReportQuerySchema, safetyReportResponseSchema } from '@shared/contracts/safety';
import type { AdminGuard } from '../auth/service';
import { safetyReportCsv } from './report-csv';
import type { SafetyService } from './service';

/** The administrators' read-only view of the crisis layer: its locked instructions, the referral counts and the yearly report. */
export function safetyRoutes(deps: { admin: AdminGuard; safety: SafetyService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get('/api/admin/safety', { onRequest: deps.admin.onRequest, schema: { response: { 200: adminSafetyResponseSchema } } }, async () => deps.safety.adminView());

    api.get(
      '/api/admin/safety/report',
      { onRequest: deps.admin.onRequest, schema: { querystring: safetyReportQuerySchema, response: { 200: safetyReportResponseSchema } } },
      async (request) => deps.safety.yearlyReport(request.query.year),
    );

    api.get('/api/admin/safety/report.csv', { onRequest: deps.admin.onRequest, schema: { querystring: safetyReportQuerySchema } }, async (request, reply) => {
      const { year } = request.query;
      const csv = safetyReportCsv(await deps.safety.yearlyReport(year));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="souvenir-crisis-referrals-${year}.csv"`)
        .send(csv);
    });
  };
}
