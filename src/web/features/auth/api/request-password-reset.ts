import { forgotPasswordSchema } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { loadAuthClient } from '@web/lib/load-auth-client';
import { runAuthCall } from '../auth-error';

export { forgotPasswordSchema };
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** POST /api/auth/request-password-reset: mails a link to /auth/reset-password?token=… if the account exists. */
export async function requestPasswordReset({ email }: ForgotPasswordInput): Promise<void> {
  await runAuthCall(async () => (await loadAuthClient()).requestPasswordReset({ email, redirectTo: '/auth/reset-password' }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
