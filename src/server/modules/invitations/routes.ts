import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@shared/contracts/id-params';
import { invitationCreateSchema, invitationListSchema, invitationLookupSchema, invitationSchema } from '@shared/contracts/invitations';
import type { OriginResolver } from '../../public-origin';
import type { AdminGuard } from '../auth/service';
import type { InvitationsService } from './service';

/** Administrators invite from the Users tab; the registration page reads an invitation by its token. */
export function invitationsRoutes(deps: { admin: AdminGuard; invitations: InvitationsService; originOf: OriginResolver }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/admin/invitations', { onRequest: deps.admin.onRequest, schema: { response: { 200: invitationListSchema } } }, async () => deps.invitations.list());

    api.post(
      '/api/admin/invitations',
      {
        onRequest: deps.admin.onRequest,
        schema: { body: invitationCreateSchema, response: { 201: invitationSchema } },
        config: { rateLimit: { max: 30, timeWindow: 60 * 1000 } },
      },
      async (request, reply) => {
        const admin = await deps.admin.require(request);
        const invitation = await deps.invitations.invite(request.body, { invitedBy: admin.id, origin: deps.originOf(request) });
        return reply.status(201).send(invitation);
      },
    );

    api.delete('/api/admin/invitations/:id', { onRequest: deps.admin.onRequest, schema: { params: idParamsSchema } }, async (request, reply) => {
      await deps.invitations.revoke(request.params.id);
      return reply.status(204).send();
    });

    // Public: the token is the secret. Throttled per address so tokens cannot be guessed by volume.
    api.get(
      '/api/invitations/:token',
      { schema: { params: z.object({ token: z.string() }), response: { 200: invitationLookupSchema } }, config: { rateLimit: { max: 30, timeWindow: 60 * 1000 } } },
      async (request) => deps.invitations.lookup(request.params.token),
    );
  };
}
