// Direct access to a stopped app's embedded database, for states no journey can reach yet (a journaled day
// before the memory feature exists, for instance). The app is restarted around the change.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';
import { journalDays, profiles, users } from '@server/db/schema/index';
import type { RunningApp } from './app';

async function userIdOf(db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect(user, `a user ${email}`).toBeDefined();
  return user!.id;
}

async function withStoppedApp(app: RunningApp, work: (db: Database) => Promise<void>) {
  await app.restart(async (dataDir) => {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await work(handle.db);
    } finally {
      await handle.close();
    }
  });
}

/** Gives the person a journaled day (yesterday, UTC), as a finished session would. */
export async function addJournalDay(app: RunningApp, email: string): Promise<void> {
  await withStoppedApp(app, async (db) => {
    const day = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    await db.insert(journalDays).values({ userId: await userIdOf(db, email), day }).onConflictDoNothing();
  });
}

/** What an administrator grants: free access counts as a subscription, so the chat stays open after the first memory. */
export async function grantFreeAccess(app: RunningApp, email: string): Promise<void> {
  await withStoppedApp(app, async (db) => {
    await db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, await userIdOf(db, email)));
  });
}
