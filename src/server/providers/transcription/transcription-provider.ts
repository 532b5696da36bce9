import type { Language } from '@shared/limits';

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
