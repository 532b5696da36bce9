// The messages between the runtime (main thread) and the worker thread that owns the model.
// Conversation text crosses this boundary in memory only: neither side logs or writes it.

export interface WorkerOptions {
  modelPath: string;
  /** CPU threads for one generation. More threads than free cores makes llama.cpp's spinning barriers crawl. */
  threads: number;
  /** Tokens the context holds (prompt + reply). */
  contextSize: number;
  /** false: the CPU build only; 'auto': a GPU build when one is installed (see the decision on GPU builds). */
  gpu: false | 'auto';
  /**
   * Conversations whose evaluated prompt stays cached between their turns, each in its own sequence of
   * `contextSize` tokens; one more sequence serves the other jobs (memory writing, judgements).
   */
  conversations: number;
}

export interface Turn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerationJob {
  turns: Turn[];
  maxTokens: number;
  temperature: number;
  /** A JSON Schema the reply must follow, enforced token by token by a grammar. */
  schema?: object;
  /**
   * 'conversation': a chat turn, run on a sequence kept for conversations, where the next turn finds its
   * prompt's start already evaluated; 'task' (the default): any other job, on the sequence kept for them.
   */
  kind?: 'conversation' | 'task';
}

/** What a generation cost, in tokens: numbers only, never text. */
export interface GenerationUsage {
  /** The prompt as the model read it (chat template included), after the budget dropped the oldest turns. */
  promptTokens: number;
  /** Prompt tokens found already evaluated in the sequence's cache. */
  reusedTokens: number;
  /** Prompt tokens the model evaluated for this generation. */
  evaluatedTokens: number;
  generatedTokens: number;
  /** Oldest turns left out to keep the prompt within its budget. */
  droppedTurns: number;
}

export type ToWorker = { type: 'run'; id: number; job: GenerationJob } | { type: 'cancel'; id: number };

/** Why a generation failed: reasons only, never the text of the conversation or of the model. */
export type WorkerFailure = 'load' | 'generation' | 'context-full';

export type FromWorker =
  | { type: 'ready'; model: { name: string | null; trainContextSize: number; sizeBytes: number } }
  | { type: 'load-failed' }
  | { type: 'chunk'; id: number; text: string }
  | { type: 'end'; id: number; text: string; tokens: number; stopReason: 'done' | 'max-tokens' | 'aborted'; usage: GenerationUsage | null }
  | { type: 'failed'; id: number; reason: WorkerFailure };
