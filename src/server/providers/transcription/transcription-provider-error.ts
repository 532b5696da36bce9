import { ProviderError } from '../provider-error';

export type TranscriptionFailure = 'unavailable' | 'timeout' | 'upstream' | 'network' | 'aborted' | 'empty';

/** No transcript came; it carries nothing of the recording or of what the provider said. */
export class TranscriptionProviderError extends ProviderError<TranscriptionFailure> {
  constructor(reason: TranscriptionFailure, status?: number) {
    super('transcription provider', reason, status);
    this.name = 'TranscriptionProviderError';
  }
}
