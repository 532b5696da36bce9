import { ERROR_STATUS, type ErrorCode } from '@shared/errors';

/** An error the client may see: a stable code (→ HTTP status and translation key) and an English message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
