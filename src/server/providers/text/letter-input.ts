import type { AgentGender, Language } from '@shared/limits';
import type { Mood } from '../../understanding/labels';

/** One memory of the month as its exhibition's letter is written from it: never a word of the conversation. */
export interface LetterDay {
  title: string;
  reflection: string | null;
  mood: Mood | null;
}

/** What a month's exhibition letter is written from: the month's titles, reflections and moods, oldest first. */
export interface LetterInput {
  language: Language;
  /** The agent's name in the letter's language; it signs the letter. */
  agentName: string;
  /** How the agent speaks of itself in French (decision 0059); neutral agrees with nothing. */
  agentGender: AgentGender;
  /** The month as the person reads it: "November 2026", "novembre 2026". */
  monthName: string;
  days: LetterDay[];
  signal: AbortSignal;
}
