import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, users } from '../../db/schema/index';

const recipientColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  defaultLanguage: profiles.defaultLanguage,
  email: users.email,
  remindersOptOut: profiles.remindersOptOut,
};

export function createRemindersRepository(db: Database) {
  return {
    /**
     * Profiles whose last chat is before the cutoff, ordered by id — minus people who
     * unsubscribed or were reminded since `remindedSince` (never twice within the threshold).
     */
    async listInactive(cutoffDay: string, remindedSince: Date) {
      return db
        .select(recipientColumns)
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(
          and(
            lt(profiles.lastChatDate, sql`${cutoffDay}::date`),
            eq(profiles.remindersOptOut, false),
            or(isNull(profiles.lastRemindedAt), lt(profiles.lastRemindedAt, remindedSince)),
          ),
        )
        .orderBy(asc(profiles.id));
    },

    async findByEmail(email: string) {
      const [row] = await db
        .select(recipientColumns)
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row ?? null;
    },

    async markReminded(id: string) {
      await db.update(profiles).set({ lastRemindedAt: new Date() }).where(eq(profiles.id, id));
    },

    /** False when there is no such person. */
    async optOut(id: string): Promise<boolean> {
      const rows = await db.update(profiles).set({ remindersOptOut: true }).where(eq(profiles.id, id)).returning({ id: profiles.id });
      return rows.length === 1;
    },
  };
}
export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
