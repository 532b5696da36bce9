import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/index';

// Who has signed in through which provider; the password switch itself is a setting (modules/settings).
export function createSignInRepository(db: Database) {
  return {
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
