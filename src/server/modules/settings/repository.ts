import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AdminSettingsUpdate } from '@shared/contracts/admin';
import type { Language } from '@shared/limits';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema/index';

export type SettingsRow = typeof appSettings.$inferSelect;

const couponColumn = (language: Language) => (language === 'fr' ? appSettings.promoCodesFr : appSettings.promoCodesEn);
const couponField = (language: Language) => (language === 'fr' ? 'promoCodesFr' : 'promoCodesEn');

// The single app_settings row (id = 1), seeded at start. This module alone reads and writes it; the chat,
// generation, billing and community modules go through the settings service (docs/decisions/0050-one-owner-per-table.md).
export function createSettingsRepository(db: Database) {
  return {
    /** The row; null only in a database emptied by hand, since the seed runs at every start. */
    async find(): Promise<SettingsRow | null> {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.id, 1));
      return row ?? null;
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

    /** Whether password sign-in is on (it is turned off only beside working single sign-on). */
    async setPasswordSignIn(on: boolean): Promise<void> {
      await db.update(appSettings).set({ passwordSignIn: on, updatedAt: new Date() }).where(eq(appSettings.id, 1));
    },

    async saveCommunityLinks(links: { chatServerUrl: string | null; calendarUrlEn: string | null; calendarUrlFr: string | null }) {
      await db
        .update(appSettings)
        .set({ discordLink: links.chatServerUrl, communityCalendarUrlEn: links.calendarUrlEn, communityCalendarUrlFr: links.calendarUrlFr, updatedAt: new Date() })
        .where(eq(appSettings.id, 1));
    },

    /** Adds a coupon to the language's map, or gives an existing code its new promotion, in one statement. */
    async addCoupon(language: Language, code: string, promotionId: string) {
      await db
        .update(appSettings)
        .set({ [couponField(language)]: sql`${couponColumn(language)} || jsonb_build_object(${code}::text, ${promotionId}::text)`, updatedAt: new Date() })
        .where(eq(appSettings.id, 1));
    },

    /** False when the language's map has no such code. */
    async removeCoupon(language: Language, code: string): Promise<boolean> {
      const column = couponColumn(language);
      const rows = await db
        .update(appSettings)
        .set({ [couponField(language)]: sql`${column} - ${code}::text`, updatedAt: new Date() })
        .where(and(eq(appSettings.id, 1), sql`${column} ? ${code}::text`))
        .returning({ id: appSettings.id });
      return rows.length === 1;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
