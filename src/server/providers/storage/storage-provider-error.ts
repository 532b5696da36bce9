export type StorageFailure = 'timeout' | 'upstream' | 'network';

/** A provider that could not reach or use its store; it carries no key, body or upstream message. */
export class StorageProviderError extends Error {
  constructor(
    readonly reason: StorageFailure,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(`storage provider failed: ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'StorageProviderError';
  }
}
