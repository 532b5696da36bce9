import { useMutation } from '@tanstack/react-query';
import { authClient } from '@web/lib/auth-client';
import { runAuthCall } from '../auth-error';

/** POST /api/auth/sign-out. The caller clears the local state (/api/me and the rest) whatever the outcome. */
export async function signOut(): Promise<void> {
  await runAuthCall(() => authClient.signOut());
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
