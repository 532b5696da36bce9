import { createOpenAiCompatibleTranscription } from './openai-compatible';
import { TranscriptionProviderError } from './transcription-provider-error';
import type { TranscriptionProvider } from './transcription-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { TranscriptionInput, TranscriptionProvider } from './transcription-provider';

export interface TranscriptionProviderOptions {
  /** AI_TRANSCRIBE_BASE_URL, else AI_BASE_URL. */
  baseUrl: string | null;
  apiKey: string | null;
  /** AI_TRANSCRIBE_MODEL; unset means no transcription. */
  model: string | null;
  timeoutMs: number;
}

/** No embedded default: without a provider, voice is unavailable and the microphone says so. */
export const noTranscription: TranscriptionProvider = {
  name: 'none',
  transcribe: () => Promise.reject(new TranscriptionProviderError('unavailable')),
};

/** A base URL and AI_TRANSCRIBE_MODEL: an OpenAI-compatible /audio/transcriptions API; otherwise none. */
export function createTranscriptionProvider(options: TranscriptionProviderOptions): TranscriptionProvider {
  return options.baseUrl && options.model
    ? createOpenAiCompatibleTranscription({ ...options, baseUrl: options.baseUrl, model: options.model })
    : noTranscription;
}
