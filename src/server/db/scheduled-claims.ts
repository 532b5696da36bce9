import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from './client';
import { scheduledClaims } from './schema/index';

/** How long a claim holds without being renewed: a process that died gives its work up after this. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Finished claims kept this long, then dropped: a day's work only needs its own day's row. */
const KEEP_FINISHED_MS = 14 * 24 * 60 * 60_000;

/**
 * Work that one process at a time may do, when several share one database (docs/decisions/0106): a row per job
 * and period, taken in one statement by whoever finds it free (no row, or a lease that ran out without the work
 * being finished). The holder renews the lease while it works; finished work stays done for its period, and work
 * that failed is released so that the next check, here or in another process, tries again.
 */
export function createScheduledClaims(db: Database, options: { leaseMs?: number; holder?: string } = {}) {
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  /** This process, as the rows name it. */
  const holder = options.holder ?? randomUUID();
  const leaseEnd = sql`now() + ${leaseMs} * interval '1 millisecond'`;

  async function claim(job: string, period: string): Promise<boolean> {
    const taken = await db
      .insert(scheduledClaims)
      .values({ job, period, holder, leaseUntil: leaseEnd })
      .onConflictDoUpdate({
        target: [scheduledClaims.job, scheduledClaims.period],
        set: { holder, leaseUntil: leaseEnd },
        setWhere: and(isNull(scheduledClaims.finishedAt), lt(scheduledClaims.leaseUntil, sql`now()`)),
      })
      .returning({ job: scheduledClaims.job });
    return taken.length > 0;
  }

  const mine = (job: string, period: string) => and(eq(scheduledClaims.job, job), eq(scheduledClaims.period, period), eq(scheduledClaims.holder, holder));

  /**
   * Runs `work` if this process can claim `job` for `period`; resolves to `{ ran: false }` when another process
   * holds it or finished it. `once`: the work stays done for the period once it succeeded; otherwise the claim is
   * let go at the end, so the same job may run again later (a pass at each start).
   */
  async function run<T>(job: string, period: string, work: () => Promise<T>, mode: 'once' | 'exclusive' = 'once'): Promise<{ ran: true; result: T } | { ran: false }> {
    const held = await take(job, period);
    if (!held) return { ran: false };
    try {
      const result = await work();
      if (mode === 'once') await held.finish();
      else await held.release();
      return { ran: true, result };
    } catch (error) {
      await held.release().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Takes `job` for `period` and keeps its lease alive until `finish` (done for the period) or `release` (free
   * for anyone again); null when another process holds it or finished it.
   */
  async function take(job: string, period: string): Promise<{ finish(): Promise<void>; release(): Promise<void> } | null> {
    if (!(await claim(job, period))) return null;
    const renew = setInterval(() => {
      db.update(scheduledClaims)
        .set({ leaseUntil: leaseEnd })
        .where(mine(job, period))
        .then(
          () => undefined,
          () => undefined,
        );
    }, Math.max(1000, Math.floor(leaseMs / 3)));
    renew.unref();
    return {
      async finish() {
        clearInterval(renew);
        await db.update(scheduledClaims).set({ finishedAt: sql`now()` }).where(mine(job, period));
      },
      async release() {
        clearInterval(renew);
        await release(job, period);
      },
    };
  }

  async function release(job: string, period: string): Promise<void> {
    await db.delete(scheduledClaims).where(mine(job, period));
  }

  return {
    holder,
    run,
    take,
    /** Old finished claims go; any process may do it, as often as it likes. */
    async dropOld(): Promise<void> {
      await db.delete(scheduledClaims).where(lt(scheduledClaims.finishedAt, sql`now() - ${KEEP_FINISHED_MS} * interval '1 millisecond'`));
    },
  };
}
export type ScheduledClaims = ReturnType<typeof createScheduledClaims>;
