import type { GenerationLimit } from '@shared/contracts/chat';

/**
 * Images may be generated while today's count is below the daily limit. A count from a
 * previous date counts as 0; days are UTC calendar dates (YYYY-MM-DD). Remaining never goes below 0
 * (an administrator may lower the limit under what someone already used today).
 */
export function generationLimit(input: {
  limit: number;
  count: number;
  /** The UTC date of the last generation, or null when there was none. */
  lastDate: string | null;
  /** Today's UTC date. */
  today: string;
}): GenerationLimit {
  const limit = Math.max(0, input.limit);
  const usedToday = input.lastDate === input.today ? Math.max(0, input.count) : 0;
  const remaining = Math.max(0, limit - usedToday);
  return { remaining, limit, canGenerate: remaining > 0 };
}

/** Today's date in UTC, as the limit counts it. */
export const utcDate = (now: Date = new Date()) => now.toISOString().slice(0, 10);
