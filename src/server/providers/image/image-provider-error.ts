import { ProviderError } from '../provider-error';

/**
 * Why no image came: the size was refused, a content policy refused the prompt, the service took too
 * long, or anything else upstream. They choose the message the person sees about the default artwork (fallback-size, fallback-policy, fallback).
 */
export type ImageFailure = 'size' | 'policy' | 'timeout' | 'upstream';

export class ImageProviderError extends ProviderError<ImageFailure> {
  /** A short, safe description for the person and the logs: never the provider's own message. */
  declare readonly detail: string;

  constructor(reason: ImageFailure, detail: string, status?: number) {
    super('image provider', reason, status, detail);
    this.name = 'ImageProviderError';
  }
}
