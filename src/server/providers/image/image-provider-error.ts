/**
 * Why no image came: the size was refused, a content policy refused the prompt, the service took too
 * long, or anything else upstream. They choose spec §8's message (fallback-size, fallback-policy, fallback).
 */
export type ImageFailure = 'size' | 'policy' | 'timeout' | 'upstream';

export class ImageProviderError extends Error {
  constructor(
    readonly reason: ImageFailure,
    /** A short, safe description for the person and the logs: never the provider's own message. */
    readonly detail: string,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(`image provider failed: ${reason} (${detail})`);
    this.name = 'ImageProviderError';
  }
}
