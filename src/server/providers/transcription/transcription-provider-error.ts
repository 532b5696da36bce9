export type TranscriptionFailure = 'unavailable' | 'timeout' | 'upstream' | 'network' | 'aborted' | 'empty';

/** No transcript came; it carries nothing of the recording or of what the provider said. */
export class TranscriptionProviderError extends Error {
  constructor(
    readonly reason: TranscriptionFailure,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(`transcription provider failed: ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'TranscriptionProviderError';
  }
}
