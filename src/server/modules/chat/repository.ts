import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, journalDays, profiles } from '../../db/schema/index';
import { DEFAULT_SETTINGS } from '../../db/seed';

// Reads what a reply needs (profile, settings, journal days) and touches only the last chat date.
// Nothing here ever receives the conversation.
export function createChatRepository(db: Database) {
  return {
    async findProfile(userId: string) {
      const [row] = await db
        .select({
          firstName: profiles.firstName,
          defaultLanguage: profiles.defaultLanguage,
          gender: profiles.gender,
          medicalDiagnosis: profiles.medicalDiagnosis,
          freeAccess: profiles.freeAccess,
        })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .limit(1);
      return row;
    },

    async countJournalDays(userId: string): Promise<number> {
      const [row] = await db.select({ days: count() }).from(journalDays).where(eq(journalDays.userId, userId));
      return row?.days ?? 0;
    },

    /** The settings row is seeded at start; the defaults only cover a database emptied by hand. */
    async findAgentSettings() {
      const [row] = await db
        .select({
          chatPrompt: appSettings.chatPrompt,
          chatPromptFr: appSettings.chatPromptFr,
          agentName: appSettings.agentName,
          agentNameFr: appSettings.agentNameFr,
          agentAvatarUrl: appSettings.agentAvatarUrl,
        })
        .from(appSettings)
        .limit(1);
      return row ?? { ...DEFAULT_SETTINGS, agentAvatarUrl: null };
    },

    /** `day` is a UTC calendar date (YYYY-MM-DD). */
    async setLastChatDate(userId: string, day: string): Promise<void> {
      await db.update(profiles).set({ lastChatDate: day }).where(eq(profiles.id, userId));
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
