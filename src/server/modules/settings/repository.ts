import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AdminSettingsUpdate } from '@shared/contracts/admin';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema/index';

// The single app_settings row (id = 1), seeded at start.
export function createSettingsRepository(db: Database) {
  return {
    async get() {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.id, 1));
      if (!row) throw new Error('app_settings is not seeded');
      return row;
    },

    async update(changes: AdminSettingsUpdate) {
      const [row] = await db
        .update(appSettings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(appSettings.id, 1))
        .returning();
      return row!;
    },

    /** Points the agent at its new picture (or none); answers the previous address, to remove its file. */
    async replaceAgentAvatarUrl(url: string | null): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ url: appSettings.agentAvatarUrl }).from(appSettings).where(eq(appSettings.id, 1)).for('update');
        await tx.update(appSettings).set({ agentAvatarUrl: url, updatedAt: new Date() }).where(eq(appSettings.id, 1));
        return row?.url ?? null;
      });
    },

    /**
     * Claims today's scheduled reminder run in one statement: only one process, once a UTC day, gets the
     * threshold back; null when the schedule is off or today's run is already claimed.
     */
    async claimScheduledRun(today: string): Promise<number | null> {
      const rows = await db
        .update(appSettings)
        .set({ reminderLastRunOn: today })
        .where(
          and(
            eq(appSettings.id, 1),
            eq(appSettings.reminderScheduleEnabled, true),
            or(isNull(appSettings.reminderLastRunOn), lt(appSettings.reminderLastRunOn, sql`${today}::date`)),
          ),
        )
        .returning({ days: appSettings.reminderScheduleDays });
      return rows[0]?.days ?? null;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
