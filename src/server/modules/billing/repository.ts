import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Language } from '@shared/limits';
import type { Database } from '../../db/client';
import { billingEvents, profiles, sandboxCheckouts, subscriptions, users } from '../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What one provider event does to a person's subscription. */
export interface SubscriptionChange {
  userId: string;
  provider: 'stripe' | 'sandbox';
  customerId: string | null;
  subscriptionId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  createdAt: Date;
}

/** Whose subscription an event is about, when the event itself does not say. */
async function findUserIdWith(db: Database, subscriptionId: string | null, customerId: string | null): Promise<string | null> {
  const conditions = [
    ...(subscriptionId ? [eq(subscriptions.subscriptionId, subscriptionId)] : []),
    ...(customerId ? [eq(subscriptions.customerId, customerId)] : []),
  ];
  if (conditions.length === 0) return null;
  const [row] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(or(...conditions));
  return row?.userId ?? null;
}

/**
 * The person, if their account is still there, held until the transaction ends: an event may name an account
 * closed since (Stripe retries and sends late events for days), and an account closed meanwhile waits for it,
 * so the subscription is never written for someone who is no longer there.
 */
async function existingUserId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  return row?.id ?? null;
}

/**
 * Applies an event to the person's subscription in one statement. An event created before the last one
 * applied changes nothing (out-of-order delivery); fields the event does not know are kept.
 */
async function applyWith(db: Database, input: SubscriptionChange): Promise<boolean> {
  const rows = await db
    .insert(subscriptions)
    .values({ ...input, lastEventAt: input.createdAt, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        provider: input.provider,
        customerId: sql`coalesce(excluded.customer_id, ${subscriptions.customerId})`,
        subscriptionId: sql`coalesce(excluded.subscription_id, ${subscriptions.subscriptionId})`,
        status: sql`excluded.status`,
        currentPeriodEnd: sql`coalesce(excluded.current_period_end, ${subscriptions.currentPeriodEnd})`,
        lastEventAt: sql`excluded.last_event_at`,
        updatedAt: new Date(),
      },
      setWhere: sql`${subscriptions.lastEventAt} <= excluded.last_event_at`,
    })
    .returning({ userId: subscriptions.userId });
  return rows.length === 1;
}

export function createBillingRepository(db: Database) {
  return {
    async findSubscription(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    /**
     * One provider event, once, in one transaction: recorded as seen, its person found (from the event or
     * from the provider's ids), and applied. A failure anywhere leaves nothing — not even the record — so
     * the provider's redelivery applies it. 'duplicate': seen before; 'nobody': for no known person, or for
     * an account closed since (recorded, so it is not retried forever); 'outdated': older than the last
     * event applied.
     */
    async applyEventOnce(
      event: { id: string; type: string },
      change: Omit<SubscriptionChange, 'userId'> & { userId: string | null },
    ): Promise<{ outcome: 'applied' | 'outdated' | 'duplicate' | 'nobody'; userId: string | null }> {
      return db.transaction(async (tx) => {
        const recorded = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
        if (recorded.length === 0) return { outcome: 'duplicate', userId: null };
        const named = change.userId ?? (await findUserIdWith(tx, change.subscriptionId, change.customerId));
        const userId = named === null ? null : await existingUserId(tx, named);
        if (!userId) return { outcome: 'nobody', userId: null };
        const applied = await applyWith(tx, { ...change, userId });
        return { outcome: applied ? 'applied' : 'outdated', userId };
      });
    },

    async createSandboxCheckout(input: { userId: string; language: Language; promotion: string | null }) {
      const [row] = await db.insert(sandboxCheckouts).values(input).returning();
      return row!;
    },

    async findSandboxCheckout(id: string, userId: string) {
      const [row] = await db.select().from(sandboxCheckouts).where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.userId, userId)));
      return row ?? null;
    },

    /** Closes an open sandbox checkout once (a double click completes it once); false otherwise. */
    async closeSandboxCheckout(id: string, userId: string, status: 'completed' | 'canceled'): Promise<boolean> {
      const rows = await db
        .update(sandboxCheckouts)
        .set({ status })
        .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.userId, userId), eq(sandboxCheckouts.status, 'open')))
        .returning({ id: sandboxCheckouts.id });
      return rows.length === 1;
    },

    /** The admin "Users" tab: newest accounts first, optionally those whose e-mail contains `search`. */
    async listUsers(search: string, limit: number, offset: number) {
      const where = search ? ilike(users.email, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
      const items = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: profiles.firstName,
          isAdmin: profiles.isAdmin,
          freeAccess: profiles.freeAccess,
          subscriptionStatus: subscriptions.status,
          subscriptionEndsAt: subscriptions.currentPeriodEnd,
          createdAt: users.createdAt,
        })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);
      return { items, total: counted?.total ?? 0 };
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
