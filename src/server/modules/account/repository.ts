import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages, users, verifications } from '../../db/schema/index';

export function createAccountRepository(db: Database) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select({ id: users.id, email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * Erases the account in one transaction: the user row takes with it (ON DELETE CASCADE) the profile,
     * sessions, sign-in accounts, memories, monthly exhibitions, journal days, generation records, support tickets, the
     * kept conversations' ciphertext and key envelope, and the facts written for the companion; the
     * e-mails kept for them in the outbox and their pending verification or reset tokens go too.
     */
    async erase(userId: string, email: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(outboxMessages).where(sql`lower(${outboxMessages.to}) = lower(${email})`);
        await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, email)));
        const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
        return rows.length === 1;
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
