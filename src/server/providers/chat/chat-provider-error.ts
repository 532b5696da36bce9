export type ChatFailure = 'timeout' | 'upstream' | 'network' | 'aborted' | 'empty';

/** The chat provider gave no reply (or stopped in the middle); it carries no message text or upstream body. */
export class ChatProviderError extends Error {
  constructor(
    readonly reason: ChatFailure,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(`chat provider failed: ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'ChatProviderError';
  }
}
