import { eq, sql } from 'drizzle-orm';
import type { Language } from '@shared/limits';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema/index';

export type ProfileRow = typeof profiles.$inferSelect;

export function createProfileRepository(db: Database) {
  return {
    /** The first profile ever created is an administrator: decided in one statement, so two first sign-ups cannot both win. */
    async insertForUser(input: { id: string; firstName: string; defaultLanguage: Language; forceAdmin: boolean }): Promise<void> {
      await db.execute(sql`
        insert into ${profiles} (id, first_name, default_language, is_admin)
        select ${input.id}, ${input.firstName}, ${input.defaultLanguage},
               ${input.forceAdmin} or not exists (select 1 from ${profiles})
        on conflict (id) do nothing`);
    },

    async findById(id: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    async updateLanguage(id: string, language: Language): Promise<void> {
      await db.update(profiles).set({ defaultLanguage: language, updatedAt: new Date() }).where(eq(profiles.id, id));
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
