import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstAccountClaims, invitations } from '../../db/schema/index';

export type InvitationRow = typeof invitations.$inferSelect;

export function createInvitationsRepository(db: Database) {
  return {
    /** A new invitation replaces any unused one for the same address (only the newest link works). */
    async replace(input: { email: string; tokenHash: string; language: string; invitedBy: string; expiresAt: Date }): Promise<InvitationRow> {
      return db.transaction(async (tx) => {
        await tx.delete(invitations).where(and(eq(invitations.email, input.email), isNull(invitations.acceptedAt)));
        const [row] = await tx.insert(invitations).values(input).returning();
        return row!;
      });
    },

    async list(limit: number): Promise<InvitationRow[]> {
      return db.select().from(invitations).orderBy(desc(invitations.createdAt)).limit(limit);
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(invitations).where(eq(invitations.id, id)).returning({ id: invitations.id });
      return rows.length === 1;
    },

    async findUsable(tokenHash: string, now: Date): Promise<InvitationRow | null> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
      return row ?? null;
    },

    /**
     * Uses an invitation once, in one statement: by its token (a password sign-up) or, with no token, the
     * pending one for the address (an identity provider vouched for it). False when none is usable.
     */
    async consume(email: string, tokenHash: string | null, now: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(invitations.email, email),
            tokenHash === null ? sql`true` : eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .returning({ id: invitations.id });
      return rows.length > 0;
    },

    /**
     * Takes the claim to make the first account, in one statement: true for the one sign-up whose insert
     * lands, or that replaces a claim older than `staleBefore` (its sign-up failed and made no account). On
     * PostgreSQL a simultaneous insert waits for the first one's row and then finds it taken, so exactly one
     * of many simultaneous sign-ups gets it; PGlite runs statements one at a time.
     */
    async claimFirstAccount(now: Date, staleBefore: Date): Promise<boolean> {
      const rows = await db
        .insert(firstAccountClaims)
        .values({ id: 1, claimedAt: now })
        .onConflictDoUpdate({ target: firstAccountClaims.id, set: { claimedAt: now }, setWhere: lt(firstAccountClaims.claimedAt, staleBefore) })
        .returning({ id: firstAccountClaims.id });
      return rows.length > 0;
    },
  };
}
export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
