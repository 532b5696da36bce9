import { createOfflineExtractor } from './offline-extractor';
import { createOpenAiCompatibleText } from './openai-compatible';
import type { PartOfDay, TextProvider } from './text-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { TextTurn, MemoryTexts, MemoryTextInput, PartOfDay, ImagePromptInput, TextProvider } from './text-provider';

/** 5–11 h morning, 12–17 h afternoon, 18–21 h evening, 22–4 h night; no hour, no part. */
export function partOfDayAt(hour: number | undefined): PartOfDay | undefined {
  if (hour === undefined) return undefined;
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour < 22) return 'evening';
  return 'night';
}

export interface TextProviderOptions {
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** AI_BASE_URL set: the OpenAI-compatible chat API (AI_TEXT_MODEL, else AI_CHAT_MODEL); otherwise the offline extractor. */
export function createTextProvider(options: TextProviderOptions): TextProvider {
  return options.baseUrl ? createOpenAiCompatibleText({ ...options, baseUrl: options.baseUrl }) : createOfflineExtractor();
}
