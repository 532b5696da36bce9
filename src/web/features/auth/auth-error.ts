import type { TFunction } from 'i18next';
import { i18n, translateMessageKey } from '@web/lib/i18n';

/** A refusal from better-auth (`{ error: { code, message, status } }`), or status 0 when it was unreachable. */
export class AuthError extends Error {
  readonly code: string | undefined;
  readonly status: number;
  /** Our server's validation hook answers with the same field → translation-key map as the rest of the API. */
  readonly fields: Record<string, string[]> | undefined;

  constructor(code: string | undefined, message: string, status: number, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

interface BetterAuthErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
  statusText?: string | undefined;
  fields?: unknown;
}

function isFieldMap(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((item) => typeof item === 'string'))
  );
}

/** Runs a better-auth client call and throws an AuthError when it answers `{ error }` or cannot reach the server. */
export async function runAuthCall<T>(call: () => Promise<{ data: T; error: BetterAuthErrorLike | null }>): Promise<T> {
  let result: { data: T; error: BetterAuthErrorLike | null };
  try {
    result = await call();
  } catch (cause) {
    throw new AuthError('NETWORK', cause instanceof Error ? cause.message : 'Network error', 0);
  }
  if (result.error) {
    const { code, message, status, statusText, fields } = result.error;
    throw new AuthError(code, message ?? statusText ?? '', status, isFieldMap(fields) ? fields : undefined);
  }
  return result.data;
}

/**
 * Known codes get our own words (auth:errors.<CODE>, then our API's errors:<CODE>), field problems are
 * translated from their keys; anything else is shown as the service said it, and only an
 * empty answer falls back to a generic sentence.
 */
export function authErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof AuthError)) return t('auth:errors.generic');
  if (error.status === 429) return t('auth:errors.RATE_LIMITED');
  if (error.code && i18n.exists(`auth:errors.${error.code}`)) return t(`auth:errors.${error.code}`);
  const fieldKeys = [...new Set(Object.values(error.fields ?? {}).flat())];
  if (fieldKeys.length > 0) return fieldKeys.map((key) => translateMessageKey(t, key, 'validation:invalid')).join(' ');
  if (error.code && i18n.exists(`errors:${error.code}`)) return t(`errors:${error.code}`);
  return error.message || t('auth:errors.generic');
}
