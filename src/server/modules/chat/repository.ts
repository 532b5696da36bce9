import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatDisclosures, journalDays } from '../../db/schema/index';
import type { DisclosureState } from './disclosure';

// Reads what the chat needs besides the profile and the settings: the journaled days, and the two dates that
// time the chat's disclosure. The profile and
// the settings are their modules': the chat service reaches them through their services.
// Nothing here ever receives the conversation, the audio or a transcript.
export function createChatRepository(db: Database) {
  return {
    async countJournalDays(userId: string): Promise<number> {
      const [row] = await db.select({ days: count() }).from(journalDays).where(eq(journalDays.userId, userId));
      return row?.days ?? 0;
    },

    async disclosureState(userId: string): Promise<DisclosureState | null> {
      const [row] = await db
        .select({ lastReplyAt: chatDisclosures.lastReplyAt, disclosedAt: chatDisclosures.disclosedAt })
        .from(chatDisclosures)
        .where(eq(chatDisclosures.userId, userId));
      return row ?? null;
    },

    async saveDisclosureState(userId: string, state: DisclosureState): Promise<void> {
      await db.insert(chatDisclosures).values({ userId, ...state }).onConflictDoUpdate({ target: chatDisclosures.userId, set: state });
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
