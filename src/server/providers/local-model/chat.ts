import { ChatProviderError } from '../chat/chat-provider-error';
import type { ChatProvider } from '../chat/chat-provider';
import { levelOf, RISK_SCHEMA, transcriptOf } from '../chat/openai-compatible';
import { LocalModelError, type LocalModelGenerator } from './generation';

/** A reply of a few paragraphs; the context keeps the rest for the conversation. */
const REPLY_MAX_TOKENS = 512;

/**
 * The agent's replies from the local model, streamed piece by piece. The runtime queues the
 * conversations: while another one is answered this one waits, and it leaves the queue if the person leaves.
 */
export function createLocalModelChat(
  runtime: LocalModelGenerator,
  modelPath: string,
  options: { maxTokens?: number; temperature?: number } = {},
): ChatProvider {
  return {
    name: 'local-model',
    async *streamReply({ system, messages, signal }) {
      if (signal.aborted) throw new ChatProviderError('aborted');
      // Stops the generation when the reader stops reading, whether or not the person's signal fired.
      const stop = new AbortController();
      const onAbort = () => stop.abort();
      signal.addEventListener('abort', onAbort, { once: true });

      const chunks: string[] = [];
      let wake: (() => void) | null = null;
      let finished = false;
      let failure: unknown = null;
      const generation = runtime
        .generate(
          modelPath,
          {
            turns: [{ role: 'system', content: system }, ...messages],
            // Its own cached sequence: the next turn reads only what is new.
            kind: 'conversation',
            maxTokens: options.maxTokens ?? REPLY_MAX_TOKENS,
            temperature: options.temperature ?? 0.7,
          },
          {
            signal: stop.signal,
            onChunk: (text) => {
              chunks.push(text);
              wake?.();
            },
          },
        )
        .then(
          () => undefined,
          (error: unknown) => {
            failure = error;
          },
        )
        .finally(() => {
          finished = true;
          wake?.();
        });

      let wrote = false;
      try {
        while (true) {
          const chunk = chunks.shift();
          if (chunk !== undefined) {
            if (chunk.trim()) wrote = true;
            yield chunk;
            continue;
          }
          if (finished) break;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
        await generation;
        if (failure) throw toChatProviderError(failure, signal.aborted);
        if (!wrote) throw new ChatProviderError('empty');
      } finally {
        signal.removeEventListener('abort', onAbort);
        if (!finished) stop.abort();
      }
    },

    async assessRisk({ instructions, messages, signal }) {
      let text: string;
      try {
        ({ text } = await runtime.generate(
          modelPath,
          {
            turns: [
              { role: 'system', content: instructions },
              { role: 'user', content: transcriptOf(messages) },
            ],
            schema: RISK_SCHEMA,
            // A few tokens of JSON, on the sequence kept for jobs that are not chat turns: the conversation's
            // cache, which its reply is about to reuse, stays as it was.
            kind: 'task',
            maxTokens: 32,
            temperature: 0,
          },
          { signal },
        ));
      } catch (error) {
        throw toChatProviderError(error, signal.aborted);
      }
      const level = levelOf(text);
      if (!level) throw new ChatProviderError('empty');
      return level;
    },
  };
}

function toChatProviderError(error: unknown, aborted: boolean): ChatProviderError {
  if (error instanceof ChatProviderError) return error;
  if (aborted) return new ChatProviderError('aborted');
  if (!(error instanceof LocalModelError)) return new ChatProviderError('upstream');
  switch (error.reason) {
    case 'aborted':
      return new ChatProviderError('aborted');
    case 'timeout':
      return new ChatProviderError('timeout');
    // Every generation slot is taken: what an inference server would answer with 503.
    case 'busy':
      return new ChatProviderError('upstream', 503);
    case 'load':
    case 'crashed':
    case 'generation':
    case 'closed':
      return new ChatProviderError('upstream');
  }
}
