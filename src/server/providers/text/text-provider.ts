import type { Language } from '@shared/limits';
import type { Mood } from '../../understanding/labels';
import type { LetterInput } from './letter-input';

export interface TextTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What a memory says about its day: a title, a key comment and a poetic summary. */
export interface MemoryTexts {
  /** A few words. */
  title: string;
  /** The sentence of the day that matters most. It is never stored: only the title and the reflection are. */
  keyComment: string;
  /** The reflection: a few gentle sentences, in the conversation's language. */
  poeticSummary: string;
}

export interface MemoryTextInput {
  /** The day's conversation, relayed and never kept. */
  messages: TextTurn[];
  language: Language;
  /** The agent's name in the conversation's language. */
  agentName: string;
  /** The part of the day on the person's clock, when known: the words suit it ("a quiet morning", not "evening"). */
  partOfDay?: PartOfDay;
  /** The person's latest titles: a new memory does not repeat one while another fits. */
  avoidTitles?: readonly string[];
  /** Stops the provider's upstream call (the server shutting down). */
  signal: AbortSignal;
  /**
   * The day's mood as Souvenir read it: the memory is written from it and it is kept with the memory, so
   * what the memory says and the mood it is remembered by cannot disagree.
   */
  mood?: { primary: Mood; secondary: Mood | null };
}

export type PartOfDay = 'morning' | 'afternoon' | 'evening' | 'night';

export interface ImagePromptInput extends MemoryTextInput {
  /** The admin's summary prompt for the language: how to turn the conversation into an image prompt. */
  summaryPrompt: string;
  /** The admin's image prompt for the language: the style every artwork starts from. */
  imagePrompt: string;
}

/**
 * Writes a memory's title, reflection and image prompt from the day's conversation. Implementations never
 * log or keep the messages, and fail with a TextProviderError (never with the upstream's message, which
 * may quote the conversation).
 */
export interface TextProvider {
  readonly name: 'offline-extractor' | 'openai-compatible' | 'local-model';
  extractMemory(input: MemoryTextInput): Promise<MemoryTexts>;
  /** The prompt the artwork is made from: the admin's image prompt, then a description of the day. */
  imagePrompt(input: ImagePromptInput): Promise<string>;
  /** A short letter from the companion about a month, from its titles, reflections and moods only. */
  exhibitionLetter(input: LetterInput): Promise<string>;
}
