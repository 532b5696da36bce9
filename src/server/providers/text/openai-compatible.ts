import { createOpenAiClient, type OpenAiOptions } from '../openai-client';
import OpenAI from 'openai';
import { z } from 'zod';
import { MEMORY_TITLE_MAX, type Language } from '@shared/limits';
import { IMAGE_PROMPT_MAX } from './image-prompt-max';
import { withMoodNote } from './mood-note';
import { letterFrom, letterInstructions, letterMaterial } from './exhibition-letter-prompt';
import type { MemoryTextInput, TextProvider, TextTurn } from './text-provider';
import type { LetterInput } from './letter-input';
import { TextProviderError } from './text-provider-error';

const TITLE_MAX = MEMORY_TITLE_MAX;

/** The answer asked for, as JSON Schema for the API (structured output) … */
export const MEMORY_JSON_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'A title of 2 to 6 words.' },
    keyComment: { type: 'string', description: 'The one short sentence of the person that matters most.' },
    poeticSummary: { type: 'string', description: 'A gentle reflection of 2 to 4 sentences addressed to the person.' },
  },
  required: ['title', 'keyComment', 'poeticSummary'],
  additionalProperties: false,
} as const;

/** … and as zod, to check what actually came back. */
export const memoryTextsSchema = z.object({
  title: z.string().trim().min(1).max(400),
  keyComment: z.string().trim().max(2000),
  poeticSummary: z.string().trim().min(1).max(4000),
});

export const INSTRUCTIONS: Record<Language, (agentName: string) => string> = {
  en: (agentName) =>
    [
      `You help ${agentName}, a journaling companion, turn a person's conversation of today into a memory.`,
      'Read the conversation and answer with JSON only: "title" (2 to 6 words), "keyComment" (the one short sentence of the person that matters most),',
      '"poeticSummary" (a gentle, poetic reflection of 2 to 4 sentences addressed to the person as "you").',
      'Write in English. Invent nothing, give no advice or diagnosis, and leave out names, places and other identifying details.',
    ].join(' '),
  fr: (agentName) =>
    [
      `Tu aides ${agentName}, qui accompagne une personne dans son journal, à transformer la conversation du jour d’une personne en souvenir.`,
      'Lis la conversation et réponds uniquement en JSON : "title" (un titre de 2 à 6 mots), "keyComment" (la courte phrase de la personne qui compte le plus),',
      '"poeticSummary" (une réflexion douce et poétique de 2 à 4 phrases, qui s’adresse à la personne en la tutoyant).',
      'Écris en français, avec la typographie française. N’invente rien, ne donne ni conseil ni diagnostic, et laisse de côté noms, lieux et autres détails identifiants.',
    ].join(' '),
};

export const PROMPT_ONLY: Record<Language, string> = {
  en: 'Answer with the image prompt only, without quotation marks or comments.',
  fr: 'Réponds uniquement avec le prompt d’image, sans guillemets ni commentaire.',
};

const SPEAKER: Record<Language, string> = { en: 'Person', fr: 'Personne' };

/** The conversation as one transcript, so the model reads it rather than continues it. */
export function transcript(messages: TextTurn[], language: Language, agentName: string): string {
  const colon = language === 'fr' ? '\u00a0:' : ':';
  return messages.map((m) => `${m.role === 'user' ? SPEAKER[language] : agentName}${colon} ${m.content}`).join('\n\n');
}

/** Models sometimes wrap JSON in a Markdown fence even when asked not to. */
const unfence = (text: string) => text.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');

export const clampTitle = (title: string) => {
  const single = title.replace(/\s+/g, ' ').replace(/^["“«\s]+|["”»\s]+$/g, '');
  if (single.length <= TITLE_MAX) return single;
  const cut = single.slice(0, TITLE_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), TITLE_MAX / 2))}…`;
};

/**
 * A model may write control characters (JSON lets it spell a NUL as \u0000), which PostgreSQL refuses in text
 * and no reader wants: they go, line breaks and tabs stay.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
export const withoutControls = (text: string) => text.replace(CONTROLS, '');

/** A model's JSON answer as the memory's texts, the title on one line and within its length; anything else is malformed. */
export function memoryTextsFrom(json: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(withoutControls(json), (_key, value: unknown) => (typeof value === 'string' ? withoutControls(value) : value));
  } catch {
    throw new TextProviderError('malformed');
  }
  const texts = memoryTextsSchema.safeParse(parsed);
  if (!texts.success) throw new TextProviderError('malformed');
  return { ...texts.data, title: clampTitle(texts.data.title) };
}

/** The administrators' style prompt, then the model's picture of the day without quotes around it, within the image service's limit. */
export function imagePromptFrom(stylePrompt: string, answer: string): string {
  const description = withoutControls(answer).trim().replace(/^["“«\s]+|["”»\s]+$/g, '');
  if (!description) throw new TextProviderError('malformed');
  return `${stylePrompt.trim()}\n\n${description}`.slice(0, IMAGE_PROMPT_MAX);
}

/**
 * The memory's texts from any OpenAI-compatible chat-completions API: one call with structured JSON
 * output for the title, key comment and reflection, one for the image prompt (the admin's summary prompt).
 * A failed, late or malformed answer is a TextProviderError; the caller then uses the spec's fallbacks.
 */
export function createOpenAiCompatibleText(options: OpenAiOptions): TextProvider {
  const client = createOpenAiClient(options);

  const complete = async (
    input: MemoryTextInput,
    system: string,
    responseFormat?: OpenAI.ChatCompletionCreateParams['response_format'],
  ): Promise<string> => {
    if (input.signal.aborted) throw new TextProviderError('aborted');
    try {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          messages: [
            { role: 'system', content: withMoodNote(system, input) },
            { role: 'user', content: transcript(input.messages, input.language, input.agentName) },
          ],
          ...(responseFormat ? { response_format: responseFormat } : {}),
        },
        { signal: input.signal },
      );
      const content = completion.choices[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new TextProviderError('malformed');
      return content;
    } catch (error) {
      throw toTextProviderError(error, input.signal.aborted);
    }
  };

  return {
    name: 'openai-compatible',
    async extractMemory(input) {
      const content = await complete(input, INSTRUCTIONS[input.language](input.agentName), {
        type: 'json_schema',
        json_schema: { name: 'memory', strict: true, schema: MEMORY_JSON_SCHEMA },
      });
      return memoryTextsFrom(unfence(content));
    },

    async imagePrompt(input) {
      const content = await complete(input, `${input.summaryPrompt.trim()}\n\n${PROMPT_ONLY[input.language]}`);
      return imagePromptFrom(input.imagePrompt, content);
    },

    async exhibitionLetter(input: LetterInput) {
      if (input.signal.aborted) throw new TextProviderError('aborted');
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: [
              { role: 'system', content: letterInstructions(input) },
              { role: 'user', content: letterMaterial(input) },
            ],
          },
          { signal: input.signal },
        );
        const content = completion.choices[0]?.message?.content;
        if (typeof content !== 'string') throw new TextProviderError('malformed');
        return letterFrom(withoutControls(content));
      } catch (error) {
        throw toTextProviderError(error, input.signal.aborted);
      }
    },
  };
}

function toTextProviderError(error: unknown, aborted: boolean): TextProviderError {
  if (error instanceof TextProviderError) return error;
  if (aborted || error instanceof OpenAI.APIUserAbortError) return new TextProviderError('aborted');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new TextProviderError('timeout');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') return new TextProviderError('upstream', error.status);
  return new TextProviderError('network');
}
