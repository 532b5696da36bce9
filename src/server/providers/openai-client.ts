import OpenAI from 'openai';

/** What every OpenAI-compatible provider (chat, text, transcription, images) is configured with. */
export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** One way to build the SDK client, so no provider forgets the settings that keep conversations private. */
export function createOpenAiClient(options: Pick<OpenAiOptions, 'baseUrl' | 'apiKey' | 'timeoutMs'>): OpenAI {
  return new OpenAI({
    baseURL: options.baseUrl,
    // Local servers need no key; the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs,
    // The callers decide what a failure means (fallbacks, coded errors); a silent retry would double the wait.
    maxRetries: 0,
    // Off whatever OPENAI_LOG says: at debug level the SDK would log the conversations, transcripts and prompts it carries.
    logLevel: 'off',
  });
}
