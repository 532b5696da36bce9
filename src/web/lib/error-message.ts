import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/** The sentence to show for a failed API call: errors:<code> when we have words for it, else a kind generic one. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && i18n.exists(`errors:${error.code}`)) return t(`errors:${error.code}`);
  return t('errors:generic');
}
