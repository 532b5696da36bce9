import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInMethodsSchema, signInMethodsUpdateSchema } from '@shared/contracts/sign-in';
import type { AdminGuard } from '../auth/service';
import type { SignInService } from './service';

/** The Global tab's sign-in card: what is configured, and the switch that turns password sign-in off. */
export function signInRoutes(deps: { admin: AdminGuard; signIn: SignInService }) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/admin/sign-in', { onRequest: deps.admin.onRequest, schema: { response: { 200: signInMethodsSchema } } }, async (request) => {
      const admin = await deps.admin.require(request);
      return deps.signIn.methodsFor(admin.id);
    });

    api.put(
      '/api/admin/sign-in',
      { onRequest: deps.admin.onRequest, schema: { body: signInMethodsUpdateSchema, response: { 200: signInMethodsSchema } } },
      async (request) => {
        const admin = await deps.admin.require(request);
        const methods = await deps.signIn.setPasswordSignIn(admin.id, request.body.passwordSignIn);
        request.log.info({ adminId: admin.id, passwordSignIn: methods.passwordSignIn }, 'password sign-in switched');
        return methods;
      },
    );
  };
}
