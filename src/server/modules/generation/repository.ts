import { and, eq, sql } from 'drizzle-orm';
import type { GenerationOutcome } from '@shared/contracts/generation';
import { DEFAULT_DAILY_GENERATION_LIMIT } from '@shared/limits';
import type { Database } from '../../db/client';
import { appSettings, generations, journalDays, profiles, souvenirs } from '../../db/schema/index';
import { DEFAULT_SETTINGS } from '../../db/seed';

export type GenerationRow = typeof generations.$inferSelect;

/** A running generation whose process died never finishes: after this long its key may be tried again. */
const STALE_AFTER = '10 minutes';

// What generation reads and writes: the settings it needs, the idempotency keys, the daily counter of
// the profile (reserved and released in single statements, so that concurrent requests cannot both take
// the last slot), the memory and the journal day. Nothing here ever receives the conversation.
export function createGenerationRepository(db: Database) {
  return {
    /** The settings row is seeded at start; the defaults only cover a database emptied by hand. */
    async findSettings() {
      const [row] = await db
        .select({
          agentName: appSettings.agentName,
          agentNameFr: appSettings.agentNameFr,
          imagePrompt: appSettings.imagePrompt,
          imagePromptFr: appSettings.imagePromptFr,
          summaryPrompt: appSettings.summaryPrompt,
          summaryPromptFr: appSettings.summaryPromptFr,
          imageSize: appSettings.imageSize,
          imageQuality: appSettings.imageQuality,
        })
        .from(appSettings)
        .limit(1);
      return row ?? { ...DEFAULT_SETTINGS };
    },

    /**
     * Takes the key for this request: a new key, or one whose earlier attempt failed (or died), becomes
     * `running` for `userId`. True when taken; false when the key is running, done, or another person's.
     */
    async claim(key: string, userId: string): Promise<boolean> {
      const rows = await db
        .insert(generations)
        .values({ idempotencyKey: key, userId, status: 'running' })
        .onConflictDoUpdate({
          target: generations.idempotencyKey,
          set: { status: 'running', memoryId: null, outcome: null, errorDetails: null, textFallback: false, createdAt: sql`now()` },
          setWhere: sql`${generations.userId} = excluded.user_id and (${generations.status} = 'failed'
            or (${generations.status} = 'running' and ${generations.createdAt} < now() - interval '${sql.raw(STALE_AFTER)}'))`,
        })
        .returning({ key: generations.idempotencyKey });
      return rows.length > 0;
    },

    async find(key: string): Promise<GenerationRow | undefined> {
      const [row] = await db.select().from(generations).where(eq(generations.idempotencyKey, key)).limit(1);
      return row;
    },

    async markFailed(key: string): Promise<void> {
      await db
        .update(generations)
        .set({ status: 'failed' })
        .where(and(eq(generations.idempotencyKey, key), eq(generations.status, 'running')));
    },

    /**
     * Reserves one of today's generations in one statement: the count grows only while it is below the
     * admin's limit (a count from an earlier UTC date counts as 0). Under concurrency the row lock makes
     * the second statement re-check the condition against the first one's result, so exactly one takes
     * the last slot. True when reserved.
     */
    async reserve(userId: string, day: string): Promise<boolean> {
      const usedToday = sql`(case when ${profiles.lastImageGenerationDate} = ${day}::date then ${profiles.imageGenerationCount} else 0 end)`;
      const rows = await db
        .update(profiles)
        .set({ imageGenerationCount: sql`${usedToday} + 1`, lastImageGenerationDate: day })
        .where(
          and(
            eq(profiles.id, userId),
            sql`${usedToday} < coalesce((select ${appSettings.dailyGenerationLimit} from ${appSettings} where ${appSettings.id} = 1), ${DEFAULT_DAILY_GENERATION_LIMIT})`,
          ),
        )
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    /** Gives back a reservation of `day`; nothing to give back once the date has changed. */
    async release(userId: string, day: string): Promise<void> {
      await db
        .update(profiles)
        .set({ imageGenerationCount: sql`greatest(${profiles.imageGenerationCount} - 1, 0)` })
        .where(and(eq(profiles.id, userId), eq(profiles.lastImageGenerationDate, day)));
    },

    /**
     * The memory, its journal day and the key's result, in one transaction: there is never a memory
     * without its journal day, nor a finished key without its memory. Returns the memory's id.
     */
    async saveMemory(input: {
      key: string;
      userId: string;
      day: string;
      memory: { title: string; imageUrl: string; prompt: string; poeticSummary: string; conversationId: string };
      result: { outcome: GenerationOutcome; errorDetails: string | null; textFallback: boolean };
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [memory] = await tx
          .insert(souvenirs)
          .values({ ...input.memory, userId: input.userId, shareToken: null })
          .returning({ id: souvenirs.id });
        await tx.insert(journalDays).values({ userId: input.userId, day: input.day }).onConflictDoNothing();
        await tx
          .update(generations)
          .set({ status: 'done', memoryId: memory!.id, ...input.result })
          .where(eq(generations.idempotencyKey, input.key));
        return memory!.id;
      });
    },
  };
}
export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
