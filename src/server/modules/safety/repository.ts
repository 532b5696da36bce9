import { and, asc, desc, gte, lt, sql } from 'drizzle-orm';
import type { Language } from '@shared/limits';
import type { Database } from '../../db/client';
import { safetyReferrals } from '../../db/schema/index';

// The crisis referral counters: a day, a language, a country and a number. Nothing else exists to read.
export function createSafetyRepository(db: Database) {
  return {
    /** One more referral on that UTC day: one statement, so simultaneous referrals never lose a count. */
    async increment(input: { day: string; language: Language; country: string }): Promise<void> {
      await db
        .insert(safetyReferrals)
        .values({ ...input, count: 1 })
        .onConflictDoUpdate({
          target: [safetyReferrals.day, safetyReferrals.language, safetyReferrals.country],
          set: { count: sql`${safetyReferrals.count} + 1` },
        });
    },

    /** The counters from `since` (a UTC date) on, newest day first. */
    async since(since: string) {
      return db
        .select({ day: safetyReferrals.day, language: safetyReferrals.language, country: safetyReferrals.country, count: safetyReferrals.count })
        .from(safetyReferrals)
        .where(and(gte(safetyReferrals.day, since), gte(safetyReferrals.count, 1)))
        .orderBy(desc(safetyReferrals.day), asc(safetyReferrals.language), asc(safetyReferrals.country));
    },

    /**
     * The counters of one UTC calendar year summed per month, language and country (the daily rows are kept, so
     * any past year can be reported). `month` is `YYYY-MM`.
     */
    async monthly(year: number) {
      const month = sql<string>`to_char(${safetyReferrals.day}, 'YYYY-MM')`;
      return db
        .select({ month, language: safetyReferrals.language, country: safetyReferrals.country, count: sql<number>`sum(${safetyReferrals.count})::int` })
        .from(safetyReferrals)
        .where(and(gte(safetyReferrals.day, `${year}-01-01`), lt(safetyReferrals.day, `${year + 1}-01-01`), gte(safetyReferrals.count, 1)))
        .groupBy(month, safetyReferrals.language, safetyReferrals.country)
        .orderBy(asc(month), asc(safetyReferrals.language), asc(safetyReferrals.country));
    },
  };
}
export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
