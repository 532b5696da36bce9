import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { keepingKeys, keptConversations } from '../../db/schema/index';

/** The only reader and writer of the key envelopes and the kept ciphertexts. */
export function createKeepingRepository(db: Database) {
  return {
    async findKeys(userId: string): Promise<unknown> {
      const [row] = await db.select({ envelope: keepingKeys.envelope }).from(keepingKeys).where(eq(keepingKeys.userId, userId));
      return row?.envelope ?? null;
    },

    /** False when the person already has keys (a second device must not replace them). */
    async insertKeys(userId: string, envelope: unknown): Promise<boolean> {
      const rows = await db.insert(keepingKeys).values({ userId, envelope }).onConflictDoNothing().returning({ userId: keepingKeys.userId });
      return rows.length === 1;
    },

    /** False when there were no keys to replace. */
    async replaceKeys(userId: string, envelope: unknown): Promise<boolean> {
      const rows = await db
        .update(keepingKeys)
        .set({ envelope, updatedAt: new Date() })
        .where(eq(keepingKeys.userId, userId))
        .returning({ userId: keepingKeys.userId });
      return rows.length === 1;
    },

    /** Turning keeping off: the keys and every ciphertext, in one transaction. */
    async removeAll(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(keptConversations).where(eq(keptConversations.userId, userId));
        await tx.delete(keepingKeys).where(eq(keepingKeys.userId, userId));
      });
    },

    async usage(userId: string): Promise<{ conversations: number; bytes: number }> {
      const [row] = await db
        .select({ conversations: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${keptConversations.bytes}), 0)::int` })
        .from(keptConversations)
        .where(eq(keptConversations.userId, userId));
      return { conversations: row?.conversations ?? 0, bytes: row?.bytes ?? 0 };
    },

    async list(userId: string) {
      return db
        .select({ conversationId: keptConversations.conversationId, bytes: keptConversations.bytes, updatedAt: keptConversations.updatedAt })
        .from(keptConversations)
        .where(eq(keptConversations.userId, userId))
        .orderBy(asc(keptConversations.updatedAt), asc(keptConversations.conversationId));
    },

    /** Every ciphertext of the person, for their data export. */
    async listWithCiphertext(userId: string) {
      return db
        .select()
        .from(keptConversations)
        .where(eq(keptConversations.userId, userId))
        .orderBy(asc(keptConversations.updatedAt), asc(keptConversations.conversationId));
    },

    async find(userId: string, conversationId: string) {
      const [row] = await db
        .select()
        .from(keptConversations)
        .where(and(eq(keptConversations.userId, userId), eq(keptConversations.conversationId, conversationId)));
      return row ?? null;
    },

    /**
     * Stores (or replaces) one conversation when the person's totals stay within the limits, decided in
     * one transaction that locks their key row: two saves at once cannot both pass the limit. Answers
     * 'off' without keys, 'full' past a limit.
     */
    async put(
      input: { userId: string; conversationId: string; version: number; iv: string; ciphertext: string; bytes: number },
      limits: { maxBytes: number; maxConversations: number },
    ): Promise<'stored' | 'off' | 'full'> {
      return db.transaction(async (tx) => {
        const [keys] = await tx.select({ userId: keepingKeys.userId }).from(keepingKeys).where(eq(keepingKeys.userId, input.userId)).for('update');
        if (!keys) return 'off';
        const [totals] = await tx
          .select({
            conversations: sql<number>`count(*) filter (where ${keptConversations.conversationId} <> ${input.conversationId})::int`,
            bytes: sql<number>`coalesce(sum(${keptConversations.bytes}) filter (where ${keptConversations.conversationId} <> ${input.conversationId}), 0)::int`,
          })
          .from(keptConversations)
          .where(eq(keptConversations.userId, input.userId));
        const others = totals ?? { conversations: 0, bytes: 0 };
        if (others.conversations + 1 > limits.maxConversations || others.bytes + input.bytes > limits.maxBytes) return 'full';
        await tx
          .insert(keptConversations)
          .values({ ...input, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: [keptConversations.userId, keptConversations.conversationId],
            set: { version: input.version, iv: input.iv, ciphertext: input.ciphertext, bytes: input.bytes, updatedAt: new Date() },
          });
        return 'stored';
      });
    },
  };
}
export type KeepingRepository = ReturnType<typeof createKeepingRepository>;
