import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { souvenirs } from '../../db/schema/index';

/** The instants a book covers, [from, to): computed from the person's calendar (book-period.ts). */
export interface BookRange {
  from: Date;
  to: Date;
}

/** Where the previous batch ended: the database's own text of its last timestamp (microseconds kept) and id. */
export interface BookCursor {
  cursor: string;
  id: string;
}

/** The memory book's reads of the memories table: only the person's own rows, only what a page shows. */
export function createBookRepository(db: Database) {
  const inRange = (userId: string, range: BookRange): SQL[] => [
    eq(souvenirs.userId, userId),
    gte(souvenirs.createdAt, range.from),
    lt(souvenirs.createdAt, range.to),
  ];

  return {
    /** How many memories the person made in the range (one index range scan). */
    async count(userId: string, range: BookRange): Promise<number> {
      const [row] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(souvenirs).where(and(...inRange(userId, range)));
      return row?.total ?? 0;
    },

    /**
     * The next memories of the range, oldest first (ties by id), after `after`: a batch at a time, so a year's
     * book never holds every row at once. Titles, reflections, dates, moods and images: nothing else of a day.
     */
    async listAfter(userId: string, range: BookRange, after: BookCursor | null, limit: number) {
      const afterCondition = after ? sql`(${souvenirs.createdAt}, ${souvenirs.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined;
      return db
        .select({
          id: souvenirs.id,
          title: souvenirs.title,
          poeticSummary: souvenirs.poeticSummary,
          mood: souvenirs.mood,
          imageUrl: souvenirs.imageUrl,
          createdAt: souvenirs.createdAt,
          cursor: sql<string>`${souvenirs.createdAt}::text`,
        })
        .from(souvenirs)
        .where(and(...inRange(userId, range), afterCondition))
        .orderBy(asc(souvenirs.createdAt), asc(souvenirs.id))
        .limit(limit);
    },
  };
}
export type BookRepository = ReturnType<typeof createBookRepository>;
