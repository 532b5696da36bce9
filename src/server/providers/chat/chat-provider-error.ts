import { ProviderError } from '../provider-error';

export type ChatFailure = 'timeout' | 'upstream' | 'network' | 'aborted' | 'empty';

/** The chat provider gave no reply (or stopped in the middle); it carries no message text or upstream body. */
export class ChatProviderError extends ProviderError<ChatFailure> {
  constructor(reason: ChatFailure, status?: number) {
    super('chat provider', reason, status);
    this.name = 'ChatProviderError';
  }
}
