import { createOpenAiClient, type OpenAiOptions } from '../openai-client';
import OpenAI from 'openai';
import { SAFETY_LEVELS, type SafetyLevel } from '@shared/safety';
import { ChatProviderError } from './chat-provider-error';
import type { ChatProvider } from './chat-provider';

/** The judgement's structured output: one level, nothing else. */
export const RISK_SCHEMA = {
  type: 'object',
  properties: { level: { type: 'string', enum: [...SAFETY_LEVELS] } },
  required: ['level'],
  additionalProperties: false,
} as const;

/**
 * Any OpenAI-compatible chat-completions API (OpenAI, Ollama, LM Studio, vLLM, Mistral…), streamed.
 * One timeout bounds both the wait for the first token and any silence between two tokens.
 */
export function createOpenAiCompatibleChat(options: OpenAiOptions): ChatProvider {
  const client = createOpenAiClient(options);

  return {
    name: 'openai-compatible',
    async *streamReply({ system, messages, signal }) {
      const upstream = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          upstream.abort();
        }, options.timeoutMs);
      };
      const onAbort = () => upstream.abort();
      if (signal.aborted) throw new ChatProviderError('aborted');
      signal.addEventListener('abort', onAbort, { once: true });
      arm();
      try {
        const stream = await client.chat.completions.create(
          {
            model: options.model,
            stream: true,
            messages: [{ role: 'system', content: system }, ...messages.map((m) => ({ role: m.role, content: m.content }))],
          },
          { signal: upstream.signal },
        );
        for await (const chunk of stream) {
          arm();
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
        // The SDK ends an aborted stream quietly, as if the reply were complete: say it was cut short.
        if (timedOut) throw new ChatProviderError('timeout');
        if (signal.aborted) throw new ChatProviderError('aborted');
      } catch (error) {
        throw toChatProviderError(error, { timedOut, aborted: signal.aborted });
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }
    },

    async assessRisk({ instructions, messages, signal }) {
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            temperature: 0,
            messages: [{ role: 'system', content: instructions }, { role: 'user', content: transcriptOf(messages) }],
            response_format: { type: 'json_schema', json_schema: { name: 'safety_assessment', strict: true, schema: RISK_SCHEMA } },
          },
          { signal },
        );
        content = completion.choices[0]?.message?.content;
      } catch (error) {
        throw toChatProviderError(error, { timedOut: false, aborted: signal.aborted });
      }
      const level = levelOf(content);
      if (!level) throw new ChatProviderError('empty');
      return level;
    },
  };
}

/** The conversation as one text to review, so the model judges it instead of answering it. */
export function transcriptOf(messages: { role: 'user' | 'assistant'; content: string }[]): string {
  return messages.map((m) => `${m.role === 'user' ? 'USER' : 'COMPANION'}: ${m.content}`).join('\n\n');
}

export function levelOf(content: string | null | undefined): SafetyLevel | null {
  if (!content) return null;
  try {
    const value = (JSON.parse(content) as { level?: unknown }).level;
    return (SAFETY_LEVELS as readonly unknown[]).includes(value) ? (value as SafetyLevel) : null;
  } catch {
    return null;
  }
}

function toChatProviderError(error: unknown, state: { timedOut: boolean; aborted: boolean }): ChatProviderError {
  if (error instanceof ChatProviderError) return error;
  if (state.aborted) return new ChatProviderError('aborted');
  if (state.timedOut || error instanceof OpenAI.APIConnectionTimeoutError) return new ChatProviderError('timeout');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') return new ChatProviderError('upstream', error.status);
  return new ChatProviderError('network');
}
