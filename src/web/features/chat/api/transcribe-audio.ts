import { transcribeResponseSchema } from '@shared/contracts/chat';
import { errorBodySchema } from '@shared/errors';
import type { Language } from '@shared/limits';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@web/lib/api-client';

export interface TranscribeAudioInput {
  audio: Blob;
  language: Language;
  signal?: AbortSignal;
}

function fileName(type: string): string {
  if (type.includes('ogg')) return 'voice.ogg';
  if (type.includes('mp4') || type.includes('aac')) return 'voice.m4a';
  return 'voice.webm';
}

/**
 * POST /api/chat/transcribe?language=…: one recording as the multipart field `audio`, answered with
 * its text. Refusals arrive as ApiError (503 TRANSCRIPTION_UNAVAILABLE when no provider is set up,
 * 502 TRANSCRIPTION_FAILED, 413, 415, 402, 429, 401). The api client sends JSON only, hence this fetch.
 */
export async function transcribeAudio({ audio, language, signal }: TranscribeAudioInput): Promise<string> {
  const form = new FormData();
  form.append('audio', audio, fileName(audio.type));

  let response: Response;
  try {
    response = await fetch(`/api/chat/transcribe?language=${language}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields);
    throw new ApiError(response.status, response.status >= 500 ? 'TRANSCRIPTION_FAILED' : 'BAD_REQUEST', response.statusText);
  }
  const parsed = transcribeResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(502, 'TRANSCRIPTION_FAILED', 'Unexpected transcription answer');
  return parsed.data.text;
}

export function useTranscribeAudio() {
  return useMutation({ mutationFn: transcribeAudio });
}
