import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { continuityFacts } from '../../db/schema/index';

/** The only reader and writer of the facts people ask the companion to remember. */
export function createContinuityRepository(db: Database) {
  return {
    async listFacts(userId: string, limit: number) {
      return db
        .select({ id: continuityFacts.id, text: continuityFacts.text })
        .from(continuityFacts)
        .where(eq(continuityFacts.userId, userId))
        .orderBy(asc(continuityFacts.createdAt), asc(continuityFacts.id))
        .limit(limit);
    },

    /** Adds a fact unless the person already has `max`: decided in one statement, so two adds cannot pass it. */
    async addFact(userId: string, text: string, max: number): Promise<{ id: string; text: string } | null> {
      const result = await db.execute(sql`
        insert into ${continuityFacts} (user_id, text)
        select ${userId}, ${text}
        where (select count(*) from ${continuityFacts} where user_id = ${userId}) < ${max}
        returning id, text`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ id: string; text: string }>;
      return rows[0] ?? null;
    },

    async removeFact(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(continuityFacts)
        .where(and(eq(continuityFacts.id, id), eq(continuityFacts.userId, userId)))
        .returning({ id: continuityFacts.id });
      return rows.length === 1;
    },
  };
}
export type ContinuityRepository = ReturnType<typeof createContinuityRepository>;
