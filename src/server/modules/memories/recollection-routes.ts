import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moodYearQuerySchema, moodYearSchema } from '@shared/contracts/mood-year';
import { onThisDayQuerySchema, onThisDaySchema, onThisDaySettingsSchema } from '@shared/contracts/on-this-day';
import type { SessionReader } from '../auth/service';
import type { OnThisDayService } from './on-this-day-service';
import type { MemoriesService } from './service';

/** What the gallery makes of the days: "On This Day" on the home, and the mood of a year. */
export function recollectionRoutes(deps: { session: SessionReader; onThisDay: OnThisDayService; memories: Pick<MemoriesService, 'moodYear'> }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // Registered before /api/memories/:id would see it: a static path always wins in the router.
    api.get('/api/memories/on-this-day', { onRequest: deps.session.onRequest, schema: { querystring: onThisDayQuerySchema, response: { 200: onThisDaySchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.onThisDay.view(user.id, request.query.tz);
    });

    api.get('/api/memories/year', { onRequest: deps.session.onRequest, schema: { querystring: moodYearQuerySchema, response: { 200: moodYearSchema } } }, async (request) => {
      const user = await deps.session.require(request);
      return deps.memories.moodYear(user.id, request.query);
    });

    api.put('/api/memories/on-this-day', { onRequest: deps.session.onRequest, schema: { body: onThisDaySettingsSchema } }, async (request, reply) => {
      const user = await deps.session.require(request);
      await deps.onThisDay.setEnabled(user.id, request.body.enabled);
      return reply.status(204).send();
    });
  };
}
