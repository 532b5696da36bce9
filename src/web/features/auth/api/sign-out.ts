import { useMutation } from '@tanstack/react-query';
import { runAuthCall } from '../auth-error';

/** POST /api/auth/sign-out. The caller clears the local state (/api/me and the rest) whatever the outcome. */
export async function signOut(): Promise<void> {
  // Every page can sign out (the session dialog): better-auth's client loads when it is used (decision 0029).
  const { authClient } = await import('@web/lib/auth-client');
  await runAuthCall(() => authClient.signOut());
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
