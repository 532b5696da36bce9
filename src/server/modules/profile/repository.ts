import { eq, sql } from 'drizzle-orm';
import type { Gender, Language } from '@shared/limits';
import type { Database } from '../../db/client';
import { profiles } from '../../db/schema/index';

export type ProfileRow = typeof profiles.$inferSelect;
/** Stored genders: "unspecified" is kept as null. */
export type StoredGender = Exclude<Gender, 'unspecified'> | null;

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

    /** False when there is no such profile. */
    async setAdmin(id: string, isAdmin: boolean): Promise<boolean> {
      const rows = await db.update(profiles).set({ isAdmin, updatedAt: new Date() }).where(eq(profiles.id, id)).returning({ id: profiles.id });
      return rows.length === 1;
    },

    async freeAccessOf(id: string): Promise<boolean> {
      const [row] = await db.select({ freeAccess: profiles.freeAccess }).from(profiles).where(eq(profiles.id, id));
      return row?.freeAccess ?? false;
    },

    /** False when there is no such profile. */
    async setFreeAccess(id: string, freeAccess: boolean): Promise<boolean> {
      const rows = await db.update(profiles).set({ freeAccess, updatedAt: new Date() }).where(eq(profiles.id, id)).returning({ id: profiles.id });
      return rows.length === 1;
    },

    async updateLanguage(id: string, language: Language): Promise<void> {
      await db.update(profiles).set({ defaultLanguage: language, updatedAt: new Date() }).where(eq(profiles.id, id));
    },

    async updateCountry(id: string, country: string | null): Promise<void> {
      await db.update(profiles).set({ country, updatedAt: new Date() }).where(eq(profiles.id, id));
    },

    async updateContinuity(id: string, settings: { continuityEnabled: boolean; continuityFactsEnabled: boolean }): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({ ...settings, updatedAt: new Date() })
        .where(eq(profiles.id, id))
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    /** Whether the home shows "On This Day"; false when there is no such profile. */
    async updateOnThisDay(id: string, onThisDayEnabled: boolean): Promise<boolean> {
      const rows = await db.update(profiles).set({ onThisDayEnabled, updatedAt: new Date() }).where(eq(profiles.id, id)).returning({ id: profiles.id });
      return rows.length > 0;
    },

    async updateKeepingOfferDeclined(id: string, declinedAt: Date | null): Promise<boolean> {
      const rows = await db.update(profiles).set({ keepingOfferDeclinedAt: declinedAt }).where(eq(profiles.id, id)).returning({ id: profiles.id });
      return rows.length > 0;
    },

    /** `day` is a UTC calendar date (YYYY-MM-DD). */
    async updateLastChatDate(id: string, day: string): Promise<void> {
      await db.update(profiles).set({ lastChatDate: day }).where(eq(profiles.id, id));
    },

    /**
     * One more session, with the welcome-back answers when given — one statement, so concurrent
     * sign-ins and answers never lose a count. False when there is no such profile.
     */
    async countSession(id: string, answers: { language?: Language; gender?: StoredGender } = {}): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({
          sessionCount: sql`${profiles.sessionCount} + 1`,
          ...(answers.language !== undefined ? { defaultLanguage: answers.language } : {}),
          ...(answers.gender !== undefined ? { gender: answers.gender } : {}),
          updatedAt: new Date(),
        })
        .where(eq(profiles.id, id))
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    /** The profile form's fields; the medical note only when given (administrators). */
    async updateProfile(
      id: string,
      changes: { firstName: string; defaultLanguage: Language; gender: StoredGender; medicalDiagnosis?: string | null },
    ): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(profiles.id, id))
        .returning({ id: profiles.id });
      return rows.length > 0;
    },

    /** Points the profile at its new picture (or none); answers the previous address, to remove its file. */
    async replaceAvatarUrl(id: string, avatarUrl: string | null): Promise<{ previous: string | null } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, id)).for('update');
        if (!row) return null;
        await tx.update(profiles).set({ avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, id));
        return { previous: row.avatarUrl };
      });
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
