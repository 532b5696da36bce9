/**
 * A provider that failed. It says why (a reason from its capability's own list) and the upstream HTTP status
 * when there was one — never the upstream's message, nor anything it was given to relay (words, audio, keys).
 */
export class ProviderError<Reason extends string> extends Error {
  constructor(
    capability: string,
    readonly reason: Reason,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
    /** A short, safe description written by us, when the reason alone is not enough. */
    detail?: string,
  ) {
    super(`${capability} provider failed: ${reason}${detail ? ` (${detail})` : status ? ` (${status})` : ''}`);
  }
}
