import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { exhibitions } from '../../db/schema/index';

export type ExhibitionRow = typeof exhibitions.$inferSelect;
export type NewExhibition = Pick<typeof exhibitions.$inferInsert, 'userId' | 'month' | 'timeZone' | 'title' | 'letter' | 'letterBy' | 'language'>;

export function createExhibitionsRepository(db: Database) {
  return {
    /**
     * Records the month's exhibition unless the person already has one for that month: the unique (user, month)
     * key decides between requests that arrive together, in one process or several. Answers the row that stands.
     */
    async insertOnce(row: NewExhibition): Promise<ExhibitionRow> {
      const [inserted] = await db.insert(exhibitions).values(row).onConflictDoNothing({ target: [exhibitions.userId, exhibitions.month] }).returning();
      if (inserted) return inserted;
      const [standing] = await db
        .select()
        .from(exhibitions)
        .where(and(eq(exhibitions.userId, row.userId), eq(exhibitions.month, row.month)));
      if (!standing) throw new Error('The exhibition was neither inserted nor found');
      return standing;
    },

    async findByMonth(userId: string, month: string) {
      const [row] = await db
        .select()
        .from(exhibitions)
        .where(and(eq(exhibitions.userId, userId), eq(exhibitions.month, month)));
      return row ?? null;
    },

    /** One of the person's exhibitions, or null (someone else's is nobody's here). */
    async find(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(exhibitions)
        .where(and(eq(exhibitions.id, id), eq(exhibitions.userId, userId)));
      return row ?? null;
    },

    /** The exhibitions the person kept in their gallery, newest month first. */
    async listKept(userId: string) {
      return db
        .select()
        .from(exhibitions)
        .where(and(eq(exhibitions.userId, userId), isNotNull(exhibitions.keptAt)))
        .orderBy(desc(exhibitions.month));
    },

    /** Every exhibition of the person, oldest month first (their data export). */
    async listAll(userId: string) {
      return db.select().from(exhibitions).where(eq(exhibitions.userId, userId)).orderBy(exhibitions.month);
    },

    async update(id: string, userId: string, changes: { title?: string; keptAt?: Date | null }) {
      const [row] = await db
        .update(exhibitions)
        .set(changes)
        .where(and(eq(exhibitions.id, id), eq(exhibitions.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** Sets or clears the public link; false when the exhibition is not the person's. */
    async setShareToken(id: string, userId: string, shareToken: string | null) {
      const rows = await db
        .update(exhibitions)
        .set({ shareToken })
        .where(and(eq(exhibitions.id, id), eq(exhibitions.userId, userId)))
        .returning({ id: exhibitions.id });
      return rows.length === 1;
    },

    async findShared(token: string) {
      const [row] = await db.select().from(exhibitions).where(eq(exhibitions.shareToken, token));
      return row ?? null;
    },
  };
}
export type ExhibitionsRepository = ReturnType<typeof createExhibitionsRepository>;
