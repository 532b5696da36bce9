import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, journalDays } from '../../db/schema/index';
import { DEFAULT_SETTINGS } from '../../db/seed';

// Reads what the chat needs besides the profile (settings, journal days). The profile is the
// profile module's: the chat service reaches it through the profile service.
// Nothing here ever receives the conversation, the audio or a transcript.
export function createChatRepository(db: Database) {
  return {
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
          agentGenderFr: appSettings.agentGenderFr,
          agentAvatarUrl: appSettings.agentAvatarUrl,
          dailyGenerationLimit: appSettings.dailyGenerationLimit,
        })
        .from(appSettings)
        .limit(1);
      return row ?? { ...DEFAULT_SETTINGS, agentAvatarUrl: null };
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
