import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';

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
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
