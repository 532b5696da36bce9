import { registerSchema, type RegisterInput } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { authClient } from '@web/lib/auth-client';
import { loadAuthClient } from '@web/lib/load-auth-client';
import { runAuthCall } from '../auth-error';

export { registerSchema };

/**
 * POST /api/auth/sign-up/email. Never signs in: the person signs in afterwards (after verifying
 * their e-mail when the installation asks for it), and the verification link lands on /auth?verified=1.
 */
export async function signUp({ email, password, firstName, defaultLanguage, invitationToken }: RegisterInput & { invitationToken?: string | undefined }): Promise<void> {
  // On an invite-only instance the invitation's token goes with the form; the server uses it up.
  const body = { email, password, name: firstName, defaultLanguage, callbackURL: '/auth?verified=1', ...(invitationToken ? { invitationToken } : {}) };
  await runAuthCall(async () => (await loadAuthClient()).signUp.email(body as Parameters<typeof authClient.signUp.email>[0]));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
