import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, appSettings } from '../../db/schema/index';

export function createSignInRepository(db: Database) {
  return {
    async passwordSignIn(): Promise<boolean> {
      const [row] = await db.select({ on: appSettings.passwordSignIn }).from(appSettings).where(eq(appSettings.id, 1));
      return row?.on ?? true;
    },

    async setPasswordSignIn(on: boolean): Promise<void> {
      await db.update(appSettings).set({ passwordSignIn: on, updatedAt: new Date() }).where(eq(appSettings.id, 1));
    },

    /** Whether this person has an account with the provider: made at their first sign-in through it. */
    async hasAccount(userId: string, providerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, providerId)))
        .limit(1);
      return rows.length === 1;
    },
  };
}
export type SignInRepository = ReturnType<typeof createSignInRepository>;
