import { registerSchema, type RegisterInput } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '@web/lib/auth-client';
import { runAuthCall } from '../auth-error';

export { registerSchema };

/**
 * POST /api/auth/sign-up/email. Never signs in: the person signs in afterwards (after verifying
 * their e-mail when the installation asks for it), and the verification link lands on /auth?verified=1.
 */
export async function signUp({ email, password, firstName, defaultLanguage }: RegisterInput): Promise<void> {
  await runAuthCall(() =>
    authClient.signUp.email({ email, password, name: firstName, defaultLanguage, callbackURL: '/auth?verified=1' }),
  );
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
