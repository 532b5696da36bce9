import type { AgentGender, Language } from '@shared/limits';
import type { SafetyLevel } from '@shared/safety';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatReplyInput {
  /** The system prompt: the admin's chat prompt with the agent and the person filled in. */
  system: string;
  messages: ChatTurn[];
  language: Language;
  /** Aborted when the reader goes away: the provider stops and releases its upstream call. */
  signal: AbortSignal;
  /** For providers that do not read the system prompt (the offline companion). */
  agentName: string;
  firstName: string;
  /** How French speaks of the agent (the administrator's choice beside its name); neutral wording when absent. */
  agentGender?: AgentGender;
  /**
   * The safety layer's verdict for this turn, below crisis (a crisis is answered by the layer itself):
   * providers that do not read the system prompt adapt to it; `earlierCrisis` keeps them gentle after one.
   */
  safety: { level: Exclude<SafetyLevel, 'crisis'>; earlierCrisis: boolean };
  /**
   * The title of the person's latest memory, for providers that do not read the system prompt (the
   * offline companion mentions it as the day begins). Null on a worrying turn or when continuity is off.
   */
  recentMemoryTitle?: string | null;
  /**
   * What the person chose to let the companion remember (recent memories' titles, facts they wrote), for
   * providers that do not read the system prompt: the offline companion answers "do you remember…?" from it.
   */
  remembered?: { titles: string[]; facts: string[] };
}

export interface RiskJudgementInput {
  /** The reviewer's instructions: fixed by the safety layer. */
  instructions: string;
  messages: ChatTurn[];
  signal: AbortSignal;
}

/**
 * Writes the agent's reply, piece by piece. Implementations never log or keep the messages,
 * and fail with a ChatProviderError (never with the upstream's message, which may quote the conversation).
 */
export interface ChatProvider {
  readonly name: 'offline-companion' | 'openai-compatible' | 'local-model';
  streamReply(input: ChatReplyInput): AsyncIterable<string>;
  /**
   * The model's own judgement of the risk in the conversation, as structured output (AI providers only).
   * Fails with a ChatProviderError; the safety layer then keeps the offline verdict.
   */
  assessRisk?(input: RiskJudgementInput): Promise<SafetyLevel>;
}
