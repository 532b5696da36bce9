import { ProviderError } from '../provider-error';

export type StorageFailure = 'timeout' | 'upstream' | 'network';

/** A provider that could not reach or use its store; it carries no key, body or upstream message. */
export class StorageProviderError extends ProviderError<StorageFailure> {
  constructor(reason: StorageFailure, status?: number) {
    super('storage provider', reason, status);
    this.name = 'StorageProviderError';
  }
}
