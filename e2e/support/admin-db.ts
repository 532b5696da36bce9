// Direct access to a stopped app's embedded database for the administrator journeys: people who have not written for
// a while (so reminders have someone to reach) and a second administrator. Modelled on database.ts; the app is
// restarted around the change and sessions survive.
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '@server/db/client';
import { profiles, users } from '@server/db/schema/index';
import type { RunningApp } from './app';
import { withStoppedApp } from './database';

async function userIdsOf(db: Database, emails: string[]): Promise<string[]> {
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  expect(rows.map((r) => r.email).sort(), 'every person exists').toEqual([...emails].sort());
  return rows.map((r) => r.id);
}

/** Makes these people's last conversation `days` days ago (UTC day), as if they had stopped writing then. */
export async function lastChatDaysAgo(db: Database, emails: string[], days: number): Promise<void> {
  const day = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  await db.update(profiles).set({ lastChatDate: day }).where(inArray(profiles.id, await userIdsOf(db, emails)));
}

/** What the first administrator could grant: administrator rights for another account. */
export async function grantAdmin(db: Database, email: string): Promise<void> {
  const [id] = await userIdsOf(db, [email]);
  await db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, id!));
}


/** Marks these addresses verified, as following their e-mail link would (a listed ADMIN_EMAILS address then counts). */
export async function verifyAddresses(app: RunningApp, emails: string[]): Promise<void> {
  await withStoppedApp(app, async (db) => {
    await db.update(users).set({ emailVerified: true }).where(inArray(users.id, await userIdsOf(db, emails)));
  });
}
