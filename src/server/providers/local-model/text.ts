import { MEMORY_TITLE_MAX } from '@shared/limits';
import { withMoodNote } from '../text/mood-note';
import { letterFrom, letterInstructions, letterMaterial } from '../text/exhibition-letter-prompt';
import type { MemoryTextInput, TextProvider } from '../text/text-provider';
import type { LetterInput } from '../text/letter-input';
import { TextProviderError } from '../text/text-provider-error';
import { imagePromptFrom, INSTRUCTIONS, memoryTextsFrom, PROMPT_ONLY, transcript, withoutControls } from '../text/openai-compatible';
import { LocalModelError, type GenerationResult, type LocalModelGenerator } from './generation';

/**
 * The memory's fields, with lengths: the grammar then closes every string in time, so that even a small
 * model that rambles returns complete JSON within the token limit.
 */
export const LOCAL_MEMORY_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: MEMORY_TITLE_MAX },
    keyComment: { type: 'string', maxLength: 240 },
    poeticSummary: { type: 'string', minLength: 1, maxLength: 600 },
  },
  required: ['title', 'keyComment', 'poeticSummary'],
  additionalProperties: false,
} as const;

/** Enough tokens for the longest JSON the schema allows, written one character per token. */
const MEMORY_MAX_TOKENS = 1100;
const IMAGE_PROMPT_MAX_TOKENS = 200;
/** A letter of 160 words and its signature, with room to spare. */
const LETTER_MAX_TOKENS = 450;

/**
 * The memory's title, key comment and reflection from the local model, as JSON that a grammar enforces
 * token by token, and the image prompt as plain text. Failures are TextProviderErrors with a reason only;
 * the caller then uses the fallbacks.
 */
export function createLocalModelText(
  runtime: LocalModelGenerator,
  modelPath: string,
  options: { maxTokens?: number } = {},
): TextProvider {
  const complete = async (input: MemoryTextInput, system: string, extra: { schema?: object; maxTokens: number }): Promise<GenerationResult> => {
    if (input.signal.aborted) throw new TextProviderError('aborted');
    try {
      return await runtime.generate(
        modelPath,
        {
          turns: [
            { role: 'system', content: withMoodNote(system, input) },
            { role: 'user', content: transcript(input.messages, input.language, input.agentName) },
          ],
          maxTokens: extra.maxTokens,
          temperature: 0.4,
          ...(extra.schema ? { schema: extra.schema } : {}),
        },
        { signal: input.signal },
      );
    } catch (error) {
      throw toTextProviderError(error, input.signal.aborted);
    }
  };

  return {
    name: 'local-model',
    async extractMemory(input) {
      const { text, truncated } = await complete(input, INSTRUCTIONS[input.language](input.agentName), {
        schema: LOCAL_MEMORY_SCHEMA,
        maxTokens: options.maxTokens ?? MEMORY_MAX_TOKENS,
      });
      if (truncated) throw new TextProviderError('malformed');
      return memoryTextsFrom(text);
    },

    async imagePrompt(input) {
      const { text } = await complete(input, `${input.summaryPrompt.trim()}\n\n${PROMPT_ONLY[input.language]}`, {
        maxTokens: IMAGE_PROMPT_MAX_TOKENS,
      });
      return imagePromptFrom(input.imagePrompt, text);
    },

    async exhibitionLetter(input: LetterInput) {
      if (input.signal.aborted) throw new TextProviderError('aborted');
      try {
        const { text, truncated } = await runtime.generate(
          modelPath,
          {
            turns: [
              { role: 'system', content: letterInstructions(input) },
              { role: 'user', content: letterMaterial(input) },
            ],
            maxTokens: LETTER_MAX_TOKENS,
            temperature: 0.6,
          },
          { signal: input.signal },
        );
        // A letter cut by the token limit ends mid-sentence: the offline letter reads better than that.
        if (truncated) throw new TextProviderError('malformed');
        return letterFrom(withoutControls(text));
      } catch (error) {
        throw toTextProviderError(error, input.signal.aborted);
      }
    },
  };
}

function toTextProviderError(error: unknown, aborted: boolean): TextProviderError {
  if (error instanceof TextProviderError) return error;
  if (aborted) return new TextProviderError('aborted');
  if (!(error instanceof LocalModelError)) return new TextProviderError('upstream');
  switch (error.reason) {
    case 'aborted':
      return new TextProviderError('aborted');
    case 'timeout':
      return new TextProviderError('timeout');
    case 'busy':
      return new TextProviderError('upstream', 503);
    case 'load':
    case 'crashed':
    case 'generation':
    case 'closed':
      return new TextProviderError('upstream');
  }
}
