import { createOfflineCompanion } from './offline-companion';
import { createOpenAiCompatibleChat } from './openai-compatible';
import type { ChatProvider } from './chat-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { ChatTurn, ChatReplyInput, RiskJudgementInput, ChatProvider } from './chat-provider';

export interface ChatProviderOptions {
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  offlineDelayMs: number;
}

/** AI_BASE_URL set: any OpenAI-compatible API; otherwise the embedded offline companion. */
export function createChatProvider(options: ChatProviderOptions): ChatProvider {
  return options.baseUrl
    ? createOpenAiCompatibleChat({ ...options, baseUrl: options.baseUrl })
    : createOfflineCompanion({ delayMs: options.offlineDelayMs });
}
