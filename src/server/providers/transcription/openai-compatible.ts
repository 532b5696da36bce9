import { createOpenAiClient, type OpenAiOptions } from '../openai-client';
import OpenAI, { toFile } from 'openai';
import type { TranscriptionProvider } from './transcription-provider';
import { TranscriptionProviderError } from './transcription-provider-error';

/** Any OpenAI-compatible `/audio/transcriptions` API: OpenAI (Whisper, gpt-4o-transcribe), a local Whisper server… */
export function createOpenAiCompatibleTranscription(options: OpenAiOptions): TranscriptionProvider {
  const client = createOpenAiClient(options);

  return {
    name: 'openai-compatible',
    async transcribe({ audio, filename, mimeType, language, signal }) {
      if (signal.aborted) throw new TranscriptionProviderError('aborted');
      try {
        const result = await client.audio.transcriptions.create(
          { file: await toFile(audio, filename, { type: mimeType }), model: options.model, language },
          { signal },
        );
        // A server that answers something else than { text } heard nothing usable.
        return typeof result.text === 'string' ? result.text : '';
      } catch (error) {
        throw toTranscriptionError(error, signal.aborted);
      }
    },
  };
}

function toTranscriptionError(error: unknown, aborted: boolean): TranscriptionProviderError {
  if (aborted || error instanceof OpenAI.APIUserAbortError) return new TranscriptionProviderError('aborted');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new TranscriptionProviderError('timeout');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') return new TranscriptionProviderError('upstream', error.status);
  return new TranscriptionProviderError('network');
}
