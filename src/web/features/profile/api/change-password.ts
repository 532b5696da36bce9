import { passwordSchema } from '@shared/contracts/auth';
import { PASSWORD_MAX } from '@shared/limits';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { authClient } from '@web/lib/auth-client';

/**
 * The change-password form. The new password follows the server's rule (at least 8 characters,
 * docs/decisions/0003, where the spec's form said 6); the confirmation must match.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'profile.password.currentRequired').max(PASSWORD_MAX, 'validation.passwordTooLong'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordsDontMatch' });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** better-auth's refusal (`{ code, message }`), or status 0 when the server could not be reached. */
export class ChangePasswordError extends Error {
  readonly code: string | undefined;
  readonly status: number;

  constructor(code: string | undefined, message: string, status: number) {
    super(message);
    this.name = 'ChangePasswordError';
    this.code = code;
    this.status = status;
  }
}

/**
 * POST /api/auth/change-password through better-auth. Every other session of the person is ended
 * (revokeOtherSessions); this browser receives a fresh session cookie and stays signed in.
 */
export async function changePassword({ currentPassword, newPassword }: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>): Promise<void> {
  let result: { error: { code?: string | undefined; message?: string | undefined; status: number; statusText?: string | undefined } | null };
  try {
    result = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
  } catch (cause) {
    throw new ChangePasswordError('NETWORK', cause instanceof Error ? cause.message : 'Network error', 0);
  }
  if (result.error) {
    const { code, message, status, statusText } = result.error;
    throw new ChangePasswordError(code, message ?? statusText ?? '', status);
  }
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
