import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { souvenirs } from '../../db/schema/index';

export function createMemoriesRepository(db: Database) {
  return {
    /** The person's latest memories, newest first (served by the (user_id, created_at desc) index). */
    async listRecent(userId: string, limit: number) {
      return db
        .select({
          id: souvenirs.id,
          title: souvenirs.title,
          imageUrl: souvenirs.imageUrl,
          liked: souvenirs.liked,
          createdAt: souvenirs.createdAt,
          conversationId: souvenirs.conversationId,
        })
        .from(souvenirs)
        .where(eq(souvenirs.userId, userId))
        .orderBy(desc(souvenirs.createdAt), desc(souvenirs.id))
        .limit(limit);
    },
  };
}
export type MemoriesRepository = ReturnType<typeof createMemoriesRepository>;
