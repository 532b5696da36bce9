import type { FastifyBaseLogger } from 'fastify';
import type { AdminSafetyResponse, SafetyReport } from '@shared/contracts/safety';
import { SAFETY_REFERRAL_DAYS } from '@shared/contracts/safety';
import type { Language } from '@shared/limits';
import { isSafetyCountry, SAFETY_LEVELS, type SafetyCountry, type SafetyLevel } from '@shared/safety';
import { assessConversation, type ConversationAssessment, type SafetyTurn } from '../../safety/assess';
import { AFTER_CRISIS_NOTE, JUDGE_INSTRUCTIONS, SAFETY_INSTRUCTIONS } from '../../safety/instructions';
import type { CrisisReplyKind } from '../../safety/replies';
import type { SafetyRepository } from './repository';

/** Asks a model for its judgement of the conversation (structured output); absent without an AI provider. */
export type RiskJudge = (input: { instructions: string; messages: SafetyTurn[]; signal: AbortSignal }) => Promise<SafetyLevel>;

/** What the safety layer decided for the reply being written now. */
export interface TurnSafety {
  level: SafetyLevel;
  /** Set when the reply is ours rather than the provider's: a crisis turn. */
  crisisKind: CrisisReplyKind | null;
  /** An earlier message of this conversation was a crisis: the provider is reminded, the check stays on. */
  earlierCrisis: boolean;
  /** This turn is the conversation's first crisis: one referral to count. */
  firstReferral: boolean;
  /** Not a crisis but too close to guess: the reply is our direct question (docs/decisions/0092-ask-when-unsure.md). */
  ask: boolean;
}

const rank = (level: SafetyLevel) => SAFETY_LEVELS.indexOf(level);
const higher = (a: SafetyLevel, b: SafetyLevel) => (rank(b) > rank(a) ? b : a);
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The crisis layer (docs/safety.md): always on, for every provider. It assesses the whole conversation
 * before any provider sees it, decides when the reply must be ours, adds the locked instructions to the
 * provider's prompt, and counts referrals with no text and no person attached. It never logs or keeps
 * a word of the conversation: logs carry kinds of failures only.
 */
export function createSafetyService(deps: { referrals: SafetyRepository; judgeTimeoutMs: number }) {
  const { referrals } = deps;

  const turnOf = (offline: ConversationAssessment, level: SafetyLevel): TurnSafety => {
    const earlierCrisis = offline.earlierCrisis;
    if (level !== 'crisis') return { level, crisisKind: null, earlierCrisis, firstReferral: false, ask: offline.unsure };
    const crisisKind: CrisisReplyKind = !earlierCrisis ? 'first' : offline.denial ? 'denial' : 'continued';
    return { level, crisisKind, earlierCrisis, firstReferral: !earlierCrisis, ask: false };
  };

  return {
    /** The offline assessor's verdict for the reply now being written. Synchronous: no key, no network. */
    assess(messages: readonly SafetyTurn[]): { offline: ConversationAssessment; turn: TurnSafety } {
      const offline = assessConversation(messages);
      return { offline, turn: turnOf(offline, offline.level) };
    },

    /**
     * Whether the model's judgement may be asked: the provider answering this turn can judge (an AI
     * provider, whichever the AI tab or the configuration chose) and the offline verdict is not already crisis.
     */
    canJudge(offline: ConversationAssessment, judge: RiskJudge | null): judge is RiskJudge {
      return judge !== null && offline.level !== 'crisis';
    },

    /**
     * The model's judgement, which can only raise the offline verdict: a failure, a timeout or an answer
     * below it leaves the offline verdict as it is.
     */
    async judge(
      messages: readonly SafetyTurn[],
      offline: ConversationAssessment,
      judge: RiskJudge | null,
      context: { signal: AbortSignal; log: FastifyBaseLogger },
    ): Promise<TurnSafety> {
      if (!judge || offline.level === 'crisis') return turnOf(offline, offline.level);
      // One controller and a timer of our own: a signal made by AbortSignal.any() from a timeout can be
      // collected before it fires on Node 20, and a judgement that never answers then held the turn for ever.
      const stop = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        stop.abort();
      }, deps.judgeTimeoutMs);
      const leave = () => stop.abort();
      context.signal.addEventListener('abort', leave, { once: true });
      try {
        // The race ends the wait at the limit even if the provider does not honour the abort.
        const level = await Promise.race([
          judge({ instructions: JUDGE_INSTRUCTIONS, messages: [...messages], signal: stop.signal }),
          new Promise<never>((_, reject) => stop.signal.addEventListener('abort', () => reject(new Error('judgement stopped')), { once: true })),
        ]);
        return turnOf(offline, higher(offline.level, level));
      } catch (error) {
        context.log.warn({ reason: timedOut ? 'timeout' : error instanceof Error ? error.name : typeof error }, 'safety judgement unavailable: the offline verdict stands');
        return turnOf(offline, offline.level);
      } finally {
        clearTimeout(timer);
        context.signal.removeEventListener('abort', leave);
      }
    },

    /**
     * Whether any turn of a finished conversation was a crisis (the memory of such a day is made differently).
     * One pass: once a turn is a crisis, every later turn knows it as an earlier crisis.
     */
    hadCrisis(messages: readonly SafetyTurn[]): boolean {
      const assessment = assessConversation(messages);
      return assessment.earlierCrisis || assessment.level === 'crisis';
    },

    /** The locked part of a provider's system prompt: after the administrators' prompt, always. */
    instructions(language: Language, turn: Pick<TurnSafety, 'earlierCrisis'>): string {
      return turn.earlierCrisis ? `${SAFETY_INSTRUCTIONS[language]}\n\n${AFTER_CRISIS_NOTE[language]}` : SAFETY_INSTRUCTIONS[language];
    },

    /** Counts one referral (day, language, country). A failure is logged by kind and never stops the reply. */
    async countReferral(input: { language: Language; country: SafetyCountry }, log: FastifyBaseLogger): Promise<void> {
      try {
        await referrals.increment({ day: utcDay(new Date()), language: input.language, country: input.country });
      } catch (error) {
        log.error({ errorName: error instanceof Error ? error.name : typeof error }, 'a crisis referral could not be counted');
      }
    },

    /** One year's referrals per month, language and country, every month listed (a month without any counts 0). */
    async yearlyReport(year: number): Promise<SafetyReport> {
      const rows = await referrals.monthly(year);
      const months = Array.from({ length: 12 }, (_, index) => {
        const month = `${year}-${String(index + 1).padStart(2, '0')}`;
        const counts = rows
          .filter((row) => row.month === month)
          .map((row) => ({ language: row.language, country: isSafetyCountry(row.country) ? row.country : ('OTHER' as const), count: row.count }));
        return { month, total: counts.reduce((sum, row) => sum + row.count, 0), counts };
      });
      return { year, total: months.reduce((sum, month) => sum + month.total, 0), months };
    },

    async adminView(now = new Date()): Promise<AdminSafetyResponse> {
      const since = utcDay(new Date(now.getTime() - (SAFETY_REFERRAL_DAYS - 1) * 86_400_000));
      const rows = await referrals.since(since);
      return {
        instructions: SAFETY_INSTRUCTIONS,
        referrals: rows.map((row) => ({ day: row.day, language: row.language, country: isSafetyCountry(row.country) ? row.country : 'OTHER', count: row.count })),
      };
    },
  };
}
export type SafetyService = ReturnType<typeof createSafetyService>;
