import type { SignInInput } from '@shared/contracts/auth';
import { signInSchema } from '@shared/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@web/lib/api/get-me';
import { loadAuthClient } from '@web/lib/load-auth-client';
import { runAuthCall } from '../auth-error';

export { signInSchema };

/** POST /api/auth/sign-in/email: sets the session cookie. */
export async function signIn({ email, password }: SignInInput): Promise<void> {
  await runAuthCall(async () => (await loadAuthClient()).signIn.email({ email, password }));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Waiting for /api/me keeps the button busy until the app knows who is signed in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
