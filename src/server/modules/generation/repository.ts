import type { Mood } from '../../understanding/labels';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { GenerationOutcome } from '@shared/contracts/generation';
import type { ArtworkOrigin } from '@shared/contracts/memories';
import type { Database } from '../../db/client';
import { generations, journalDays, profiles, souvenirs } from '../../db/schema/index';

export type GenerationRow = typeof generations.$inferSelect;

/**
 * What starting a generation came to: the key is ours with a reserved slot, today's slots are all taken,
 * the free first session is already spent or being spent by another request, or the key is not ours to take.
 */
export type StartOutcome = 'reserved' | 'limit' | 'first-session-used' | 'taken';

/** The UTC date (YYYY-MM-DD) a generation started on: the day its slot was reserved for. */
export const reservedDayOf = (startedAt: Date) => startedAt.toISOString().slice(0, 10);

/** The daily counter of a profile as it stands today (a count from an earlier UTC date counts as 0). */
const usedOn = (day: string) =>
  sql`(case when ${profiles.lastImageGenerationDate} = ${day}::date then ${profiles.imageGenerationCount} else 0 end)`;

/**
 * One slot of `day` taken, in one statement, only while below `limit` (the admin's daily limit). With
 * `firstSession` (the person's only access is the free first session) also only while they have no
 * journaled day and no other slot of the day is held: a first-session generation holds the day's first
 * slot until its memory writes the journaled day, so on PostgreSQL a simultaneous request waits for the
 * row lock and then sees that slot taken, exactly as a later request sees the journaled day.
 */
async function reserveWith(db: Database, userId: string, day: string, limit: number, firstSession = false): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ imageGenerationCount: sql`${usedOn(day)} + 1`, lastImageGenerationDate: day })
    .where(
      and(
        eq(profiles.id, userId),
        sql`${usedOn(day)} < ${limit}`,
        firstSession
          ? sql`${usedOn(day)} = 0 and not exists (select 1 from ${journalDays} where ${journalDays.userId} = ${userId})`
          : undefined,
      ),
    )
    .returning({ id: profiles.id });
  return rows.length > 0;
}

/** One slot of `day` given back; nothing once the date has changed (the new day's count never held it). */
async function releaseWith(db: Database, userId: string, day: string): Promise<void> {
  await db
    .update(profiles)
    .set({ imageGenerationCount: sql`greatest(${profiles.imageGenerationCount} - 1, 0)` })
    .where(and(eq(profiles.id, userId), eq(profiles.lastImageGenerationDate, day)));
}

/**
 * Running generations matching `where` whose process stopped: each becomes failed (its key may be tried
 * again) and gives back the slot it reserved on the day it started. Returns how many.
 */
async function recoverWith(db: Database, where: SQL | undefined): Promise<number> {
  const cut = await db
    .update(generations)
    .set({ status: 'failed' })
    .where(and(eq(generations.status, 'running'), where))
    .returning({ userId: generations.userId, createdAt: generations.createdAt });
  for (const row of cut) await releaseWith(db, row.userId, reservedDayOf(row.createdAt));
  return cut.length;
}

// What generation reads and writes: the idempotency keys, the daily counter of
// the profile (reserved and released in single statements, so that concurrent requests cannot both take
// the last slot), the memory and the journal day. Nothing here ever receives the conversation.
//
// A `running` key always holds one reserved slot of the day it started on: the key is taken and the slot
// reserved in one transaction, and the slot is given back whenever the key leaves `running` without a
// memory (failure, or recovery after the process died — docs/decisions/0028).
export function createGenerationRepository(db: Database) {
  return {
    /**
     * Starts a generation in one transaction: an attempt of this key older than `staleBefore` is taken as
     * dead and recovered; then the key is taken (a new key, or one whose attempt failed, becomes `running`
     * for `userId`, started at `startedAt`) and one slot of that UTC day reserved, below `limit`. Today's slots all taken:
     * the key is left failed ('limit'). With `firstSession`, the reservation also re-checks that the free first
     * session is still unspent; spent, or held by another request: the key is left failed ('first-session-used').
     * The key running, done or another person's: nothing changes ('taken').
     */
    async start(input: { key: string; userId: string; startedAt: Date; staleBefore: Date; limit: number; firstSession?: boolean }): Promise<StartOutcome> {
      const { key, userId, startedAt } = input;
      return db.transaction(async (tx) => {
        await recoverWith(tx, and(eq(generations.idempotencyKey, key), lt(generations.createdAt, input.staleBefore)));
        const taken = await tx
          .insert(generations)
          .values({ idempotencyKey: key, userId, status: 'running', createdAt: startedAt })
          .onConflictDoUpdate({
            target: generations.idempotencyKey,
            set: { status: 'running', memoryId: null, outcome: null, errorDetails: null, textFallback: false, createdAt: startedAt },
            setWhere: sql`${generations.userId} = excluded.user_id and ${generations.status} = 'failed'`,
          })
          .returning({ key: generations.idempotencyKey });
        if (taken.length === 0) return 'taken';
        if (await reserveWith(tx, userId, reservedDayOf(startedAt), input.limit, input.firstSession)) return 'reserved';
        await tx.update(generations).set({ status: 'failed' }).where(eq(generations.idempotencyKey, key));
        // With a limit above 0 a refused first session means the free memory is spent or being made:
        // access comes before the limit (docs/decisions/0016-access-before-daily-limit.md).
        return input.firstSession === true && input.limit > 0 ? 'first-session-used' : 'limit';
      });
    },

    /**
     * Recovers every running generation that started before `startedBefore` (their process stopped: killed,
     * crashed, power lost), in one transaction. Returns how many were recovered.
     */
    async recoverInterrupted(startedBefore: Date): Promise<number> {
      return db.transaction((tx) => recoverWith(tx, lt(generations.createdAt, startedBefore)));
    },

    async find(key: string): Promise<GenerationRow | undefined> {
      const [row] = await db.select().from(generations).where(eq(generations.idempotencyKey, key)).limit(1);
      return row;
    },

    /**
     * A failed attempt: the key becomes failed and its slot is given back, in one transaction (only while
     * the key is still running, so a slot is never given back twice).
     */
    async fail(key: string): Promise<void> {
      await db.transaction((tx) => recoverWith(tx, eq(generations.idempotencyKey, key)));
    },

    /**
     * Reserves one of the day's generations in one statement: the count grows only while it is below
     * `limit`, the admin's daily limit (a count from an earlier UTC date counts as 0). Under concurrency the row lock makes
     * the second statement re-check the condition against the first one's result, so exactly one takes
     * the last slot. True when reserved.
     */
    reserve: (userId: string, day: string, limit: number): Promise<boolean> => reserveWith(db, userId, day, limit),

    /** Gives back a reservation of `day`; nothing to give back once the date has changed. */
    release: (userId: string, day: string): Promise<void> => releaseWith(db, userId, day),

    /** The titles of the person's latest memories, newest first. */
    /** The main motifs of the person's latest artworks, newest first (null where none was kept). */
    async recentMotifs(userId: string, limit: number): Promise<(string | null)[]> {
      const rows = await db
        .select({ motif: souvenirs.motif })
        .from(souvenirs)
        .where(eq(souvenirs.userId, userId))
        .orderBy(desc(souvenirs.createdAt))
        .limit(limit);
      return rows.map((row) => row.motif);
    },

    async recentTitles(userId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ title: souvenirs.title })
        .from(souvenirs)
        .where(eq(souvenirs.userId, userId))
        .orderBy(desc(souvenirs.createdAt))
        .limit(limit);
      return rows.map((row) => row.title);
    },

    /**
     * The memory, its journal day and the key's result, in one transaction: there is never a memory
     * without its journal day, nor a finished key without its memory. Returns the memory's id.
     */
    async saveMemory(input: {
      key: string;
      userId: string;
      day: string;
      memory: { title: string; imageUrl: string; imageRenditionWidths: number[] | null; imageOrigin: ArtworkOrigin; prompt: string; poeticSummary: string; conversationId: string; mood: Mood | null; motif: string | null };
      result: { outcome: GenerationOutcome; errorDetails: string | null; textFallback: boolean };
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [memory] = await tx
          .insert(souvenirs)
          .values({ ...input.memory, userId: input.userId, shareToken: null })
          .returning({ id: souvenirs.id });
        await tx.insert(journalDays).values({ userId: input.userId, day: input.day }).onConflictDoNothing();
        const finished = await tx
          .update(generations)
          .set({ status: 'done', memoryId: memory!.id, ...input.result })
          .where(and(eq(generations.idempotencyKey, input.key), eq(generations.status, 'running')))
          .returning({ key: generations.idempotencyKey });
        // Taken as dead meanwhile, its slot already given back: this attempt must not make a memory.
        if (finished.length === 0) throw new Error('the generation was recovered as interrupted before it finished');
        return memory!.id;
      });
    },
  };
}
export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
