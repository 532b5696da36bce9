import type { Language } from '@shared/limits';
import { createOpenAiCompatibleTranscription } from './openai-compatible';
import { TranscriptionProviderError } from './transcription-provider-error';

export interface TranscriptionInput {
  audio: Buffer;
  /** A name whose extension tells the format (Whisper servers read it). */
  filename: string;
  mimeType: string;
  language: Language;
  /** Aborted when the person goes away: the provider stops its upstream call. */
  signal: AbortSignal;
}

/**
 * Turns one voice recording into text. Implementations never log or keep the audio or the text,
 * and fail with a TranscriptionProviderError (never with the upstream's message or body).
 */
export interface TranscriptionProvider {
  readonly name: 'none' | 'openai-compatible';
  transcribe(input: TranscriptionInput): Promise<string>;
}

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
