import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { souvenirs } from '../../db/schema/index';
import { TEMPORARY_IMAGE_URL_PATTERN } from './temporary-image-url';

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

    /** One of the person's memories as its page shows it, or null (someone else's memory is nobody's here). */
    async findDetail(id: string, userId: string) {
      const [row] = await db
        .select({
          id: souvenirs.id,
          title: souvenirs.title,
          imageUrl: souvenirs.imageUrl,
          poeticSummary: souvenirs.poeticSummary,
          liked: souvenirs.liked,
          createdAt: souvenirs.createdAt,
          conversationId: souvenirs.conversationId,
        })
        .from(souvenirs)
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)));
      return row ?? null;
    },

    /** Ids of the person's memories whose image is still at a temporary address, oldest first. */
    async listTemporaryImageIds(userId: string, ownFilesUrlPrefix: string) {
      const rows = await db
        .select({ id: souvenirs.id })
        .from(souvenirs)
        .where(
          and(
            eq(souvenirs.userId, userId),
            sql`${souvenirs.imageUrl} ~* ${TEMPORARY_IMAGE_URL_PATTERN}::text`,
            sql`left(${souvenirs.imageUrl}, length(${ownFilesUrlPrefix}::text)) <> ${ownFilesUrlPrefix}::text`,
          ),
        )
        .orderBy(asc(souvenirs.createdAt), asc(souvenirs.id));
      return rows.map((r) => r.id);
    },

    /** The image of one of the person's memories, or null (someone else's memory is nobody's here). */
    async findImageUrl(id: string, userId: string) {
      const [row] = await db
        .select({ imageUrl: souvenirs.imageUrl })
        .from(souvenirs)
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId)));
      return row?.imageUrl ?? null;
    },

    /** Points the memory at its new image, only if it still has the one that was copied; false otherwise. */
    async replaceImageUrl(id: string, userId: string, from: string, to: string) {
      const rows = await db
        .update(souvenirs)
        .set({ imageUrl: to })
        .where(and(eq(souvenirs.id, id), eq(souvenirs.userId, userId), eq(souvenirs.imageUrl, from)))
        .returning({ id: souvenirs.id });
      return rows.length === 1;
    },
  };
}
export type MemoriesRepository = ReturnType<typeof createMemoriesRepository>;
