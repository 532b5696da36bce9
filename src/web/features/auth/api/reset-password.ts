import { resetPasswordSchema } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@web/lib/load-auth-client';
import { runAuthCall } from '../auth-error';

export { resetPasswordSchema };

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export async function resetPassword({ newPassword, token }: { newPassword: string; token: string }): Promise<void> {
  await runAuthCall(async () => (await loadAuthClient()).resetPassword({ newPassword, token }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
