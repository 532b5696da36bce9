import { ProviderError } from '../provider-error';
import type { GenerationJob, GenerationUsage } from './protocol';

// What the chat and text providers need of the runtime: one generation at a time, and its failures.
// Kept apart from the runtime, which builds those providers, so neither imports the other.

/** Why the local model could not answer: reasons only, never text. */
export type LocalModelFailure = 'aborted' | 'busy' | 'timeout' | 'load' | 'crashed' | 'generation' | 'closed';

export class LocalModelError extends ProviderError<LocalModelFailure> {
  constructor(reason: LocalModelFailure) {
    super('local model', reason);
    this.name = 'LocalModelError';
  }
}

export interface LocalModelStatus {
  /** idle: nothing running (the model may not be loaded yet); loading: reading the file; busy: writing a reply. */
  state: 'idle' | 'loading' | 'busy' | 'failed';
  /** Generations waiting for the one running. */
  queued: number;
  /** The model file, and what the file says of itself once loaded. */
  model: { path: string; name: string | null; sizeBytes: number | null } | null;
  /**
   * Generations asked of this file since the process started, by kind (chat turns; other jobs: memory writing,
   * the risk judgement), whether they then ran, waited or were refused. Counts only, never text.
   */
  asked: { conversation: number; task: number };
}

export interface GenerationOptions {
  signal: AbortSignal;
  /** Each piece of the reply as the model writes it. */
  onChunk?: (text: string) => void;
}

export interface GenerationResult {
  text: string;
  /** The reply hit the token limit: JSON may be incomplete. */
  truncated: boolean;
  /** Tokens the model wrote. */
  tokens: number;
  /** The prompt's tokens, those reused from the cache and those evaluated (numbers only, never text). */
  usage: GenerationUsage | null;
}

export interface LocalModelGenerator {
  /** One generation, queued behind the others of the same model. */
  generate(modelPath: string, job: GenerationJob, options: GenerationOptions): Promise<GenerationResult>;
}
