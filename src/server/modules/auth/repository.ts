import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users, verifications } from '../../db/schema/index';

/** Administrator setup codes are kept, hashed, among better-auth's other one-time values. */
const SETUP_CODE = 'admin-setup-code';

export interface StoredSession {
  expiresAt: Date;
  user: { id: string; email: string; emailVerified: boolean; image: string | null; name: string };
}

export function createAuthRepository(db: Database) {
  return {
    /** The session of a token and its person, in one query (better-auth's own tables). */
    async findSession(token: string): Promise<StoredSession | undefined> {
      const [row] = await db
        .select({
          expiresAt: sessions.expiresAt,
          user: { id: users.id, email: users.email, emailVerified: users.emailVerified, image: users.image, name: users.name },
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.token, token))
        .limit(1);
      return row;
    },

    /** Whether any account exists yet (the first one may always be made: it becomes the administrator). */
    async hasAnyUser(): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).limit(1);
      return row !== undefined;
    },

    /** Keeps the hash of a new setup code, and drops the expired ones. */
    async storeSetupCode(hash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.delete(verifications).where(and(eq(verifications.identifier, SETUP_CODE), lte(verifications.expiresAt, now)));
      await db.insert(verifications).values({ id: crypto.randomUUID(), identifier: SETUP_CODE, value: hash, expiresAt, createdAt: now, updatedAt: now });
    },

    /** The hashes of the setup codes not yet used nor expired (one per process start at most). */
    async usableSetupCodes(now: Date): Promise<string[]> {
      const rows = await db
        .select({ value: verifications.value })
        .from(verifications)
        .where(and(eq(verifications.identifier, SETUP_CODE), gt(verifications.expiresAt, now)));
      return rows.map((row) => row.value);
    },

    /** Uses up a setup code: true for the one caller whose delete removed it. */
    async consumeSetupCode(hash: string, now: Date): Promise<boolean> {
      const rows = await db
        .delete(verifications)
        .where(and(eq(verifications.identifier, SETUP_CODE), eq(verifications.value, hash), gt(verifications.expiresAt, now)))
        .returning({ id: verifications.id });
      return rows.length > 0;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
