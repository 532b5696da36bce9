import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupListSchema, backupRestoredSchema, backupRestoreSchema, backupSchema } from '@shared/contracts/backups';
import type { AdminGuard } from '../auth/service';
import type { BackupsService } from './service';

/** Administrators only: archives hold every account, so nothing here is public or under /files. */
export function backupsRoutes(deps: { admin: AdminGuard; backups: BackupsService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const nameParams = z.object({ name: z.string() });

    api.get('/api/admin/backups', { onRequest: deps.admin.onRequest, schema: { response: { 200: backupListSchema } } }, async () => deps.backups.list());

    api.post('/api/admin/backups', { onRequest: deps.admin.onRequest, schema: { response: { 201: backupSchema } }, config: { rateLimit: { max: 10, timeWindow: 60 * 60 * 1000 } } }, async (request, reply) =>
      reply.status(201).send((await deps.backups.create()).backup),
    );

    api.get('/api/admin/backups/:name', { onRequest: deps.admin.onRequest, schema: { params: nameParams } }, async (request, reply) => {
      const { stream, size } = await deps.backups.open(request.params.name);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(stream);
    });

    api.post(
      '/api/admin/backups/:name/restore',
      { onRequest: deps.admin.onRequest, schema: { params: nameParams, body: backupRestoreSchema, response: { 200: backupRestoredSchema } } },
      async (request) => {
        request.log.warn({ backup: request.params.name }, 'restoring a backup');
        return deps.backups.restore(request.params.name, request.body.confirm, request.log);
      },
    );
  };
}
