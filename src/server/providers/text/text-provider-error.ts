export type TextFailure = 'timeout' | 'upstream' | 'network' | 'aborted' | 'malformed';

/** The text provider gave no usable title, reflection or image prompt; it carries nothing of the day's words. */
export class TextProviderError extends Error {
  constructor(
    readonly reason: TextFailure,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(`text provider failed: ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'TextProviderError';
  }
}
