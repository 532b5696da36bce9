import OpenAI, { toFile } from 'openai';
import type { AiCapability, AiFailure, AiModelsResponse, AiTestResponse } from '@shared/contracts/ai';
import { createOpenAiClient } from './openai-client';

/** An endpoint as the AI tab names it: never logged, and the key is only handed to the SDK. */
export interface ProbeEndpoint {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  checkUrl?: (url: string) => void;
}

/** The longest model list kept (OpenRouter lists a few hundred). */
const MODELS_MAX = 1000;

/** The endpoint's own model list (`GET {base}/models`), sorted, or why it could not be read. */
export async function listModels(endpoint: ProbeEndpoint): Promise<AiModelsResponse> {
  const client = createOpenAiClient(endpoint);
  try {
    const page = await client.models.list({ signal: AbortSignal.timeout(endpoint.timeoutMs) });
    const data: unknown = (page as unknown as { data?: unknown }).data;
    if (!Array.isArray(data)) return failure('invalid-answer');
    const ids = data
      .map((model: unknown) => (model && typeof model === 'object' ? (model as { id?: unknown }).id : undefined))
      .filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 200);
    return { ok: true, models: [...new Set(ids)].sort((a, b) => a.localeCompare(b)).slice(0, MODELS_MAX) };
  } catch (error) {
    return failure(...reasonOf(error));
  }
}

/**
 * One tiny real call, timed: a one-token completion (conversation, memory writing), half a second of
 * silence to transcribe (voice), and for artwork the model list — a generated picture costs real money
 * on most services, so only the model's presence is checked.
 */
export async function probe(capability: AiCapability, endpoint: ProbeEndpoint & { model: string }): Promise<AiTestResponse> {
  const client = createOpenAiClient(endpoint);
  const signal = AbortSignal.timeout(endpoint.timeoutMs);
  const started = performance.now();
  const done = (): AiTestResponse => ({ ok: true, latencyMs: Math.max(0, Math.round(performance.now() - started)) });
  try {
    switch (capability) {
      case 'chat':
      case 'text': {
        const answer = await completeOneToken(client, endpoint.model, signal);
        return Array.isArray((answer as { choices?: unknown }).choices) ? done() : failure('invalid-answer');
      }
      case 'transcription': {
        const file = await toFile(silentWav(), 'test.wav', { type: 'audio/wav' });
        const answer: unknown = await client.audio.transcriptions.create({ file, model: endpoint.model }, { signal });
        return answer && typeof answer === 'object' && typeof (answer as { text?: unknown }).text === 'string' ? done() : failure('invalid-answer');
      }
      case 'image': {
        const models = await listModels(endpoint);
        if (!models.ok) return models;
        return models.models.includes(endpoint.model) ? done() : failure('model-missing');
      }
    }
  } catch (error) {
    return failure(...reasonOf(error));
  }
}

/** `max_tokens`, or — for the models that refuse it — `max_completion_tokens`. */
async function completeOneToken(client: OpenAI, model: string, signal: AbortSignal) {
  const messages = [{ role: 'user' as const, content: 'Say OK.' }];
  try {
    return await client.chat.completions.create({ model, messages, max_tokens: 1 }, { signal });
  } catch (error) {
    if (!(error instanceof OpenAI.BadRequestError) || !/max_tokens/.test(`${error.param ?? ''} ${error.message}`)) throw error;
    return client.chat.completions.create({ model, messages, max_completion_tokens: 16 }, { signal });
  }
}

const failure = (reason: AiFailure, status: number | null = null) => ({ ok: false as const, reason, status });

/** The SDK's error, in one of the AI tab's words (never its message: it may echo what was sent). */
function reasonOf(error: unknown): [AiFailure, number | null] {
  if (error instanceof OpenAI.APIConnectionTimeoutError || (error instanceof Error && error.name === 'TimeoutError')) return ['timeout', null];
  if (error instanceof OpenAI.APIUserAbortError) return ['timeout', null];
  if (error instanceof OpenAI.APIConnectionError) return ['unreachable', null];
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 401) return ['unauthorized', status];
    if (status === 403) return ['forbidden', status];
    if (status === 404) return ['not-found', status];
    if (status === 429) return ['rate-limited', status];
    if (status >= 500) return ['upstream', status];
    return ['rejected', status];
  }
  // A body that is not the API's JSON (an HTML page at the wrong address, say).
  return ['invalid-answer', null];
}

/** Half a second of silence: 16 kHz, mono, 16-bit PCM in a WAV container (16 KB). */
export function silentWav(seconds = 0.5, sampleRate = 16_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(data, 40);
  return wav;
}
