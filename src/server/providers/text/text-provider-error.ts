import { ProviderError } from '../provider-error';

export type TextFailure = 'timeout' | 'upstream' | 'network' | 'aborted' | 'malformed';

/** The text provider gave no usable title, reflection or image prompt; it carries nothing of the day's words. */
export class TextProviderError extends ProviderError<TextFailure> {
  constructor(reason: TextFailure, status?: number) {
    super('text provider', reason, status);
    this.name = 'TextProviderError';
  }
}
