/**
 * A provider that failed. It says why (a reason from its capability's own list) and the upstream HTTP status
 * when there was one — never the upstream's message, nor anything it was given to relay (words, audio, keys).
 * Callers that only need "a provider failed" test `instanceof ProviderError`; each capability's subclass narrows the reason.
 */
export class ProviderError<Reason extends string> extends Error {
  constructor(
    /** What failed, as the message names it: "chat provider", "local model", "model download". */
    subject: string,
    readonly reason: Reason,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
    /** A short, safe description written by us, when the reason alone is not enough. */
    readonly detail?: string,
    /** The underlying error, for the logs only (never sent to anyone). */
    options?: ErrorOptions,
  ) {
    super(`${subject} failed: ${reason}${detail ? ` (${detail})` : status ? ` (${status})` : ''}`, options);
  }
}
