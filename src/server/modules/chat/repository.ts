import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journalDays } from '../../db/schema/index';

// Reads what the chat needs besides the profile and the settings: the journaled days. The profile and
// the settings are their modules': the chat service reaches them through their services.
// Nothing here ever receives the conversation, the audio or a transcript.
export function createChatRepository(db: Database) {
  return {
    async countJournalDays(userId: string): Promise<number> {
      const [row] = await db.select({ days: count() }).from(journalDays).where(eq(journalDays.userId, userId));
      return row?.days ?? 0;
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
