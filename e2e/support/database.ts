// Direct access to a stopped app's embedded database, for states no journey can reach yet (a journaled day
// before the memory feature exists, for instance). The app is restarted around the change.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';
import { journalDays, souvenirs, users } from '@server/db/schema/index';
import { renderArtwork } from '@server/providers/image/generative-art';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import type { RunningApp } from './app';

async function userIdOf(db: Database, email: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect(user, `a user ${email}`).toBeDefined();
  return user!.id;
}

/** Works on a stopped app's embedded database, then starts the app again (sessions survive). */
export async function withStoppedApp(app: RunningApp, work: (db: Database) => Promise<void>) {
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
  await withStoppedApp(app, async (db) => insertJournalDay(db, await userIdOf(db, email)));
}

/** `addJournalDay` on a database already open: as the `more` of `addMemoriesForEach`, for one stop of the app. */
export async function insertJournalDay(db: Database, userId: string): Promise<void> {
  const day = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  await db.insert(journalDays).values({ userId, day }).onConflictDoNothing();
}

export interface SeededMemory {
  title: string;
  /** When it was made (ISO instant); memories of past years are how the gallery's filters are tried. */
  createdAt: string;
  liked?: boolean;
  poeticSummary?: string | null;
  conversationId?: string | null;
  shareToken?: string | null;
}

/**
 * Gives the person memories as the generation would have stored them: a real artwork and its thumbnail
 * in the app's file storage, and the row. Answers the memories' ids, in the order given. `more` adds rows of its
 * own in the same stop of the app (each stop is a restart of a few seconds).
 */
export async function addMemories(
  app: RunningApp,
  email: string,
  memories: SeededMemory[],
  more?: (db: Database, userId: string) => Promise<void>,
): Promise<string[]> {
  const [ids] = await addMemoriesForEach(app, [{ email, memories, more }]);
  return ids!;
}

/**
 * `addMemories` for several people in one stop of the app: a file seeds everyone its tests need at once instead
 * of restarting the app in each test. Answers each person's ids, in the order given.
 */
export async function addMemoriesForEach(
  app: RunningApp,
  people: { email: string; memories: SeededMemory[]; more?: (db: Database, userId: string) => Promise<void> }[],
): Promise<string[][]> {
  const all: string[][] = [];
  // An artwork depends on its title alone: one drawing per title, however many people's memories carry it
  // (each takes about half a second, more on a busy machine).
  const artworks = new Map<string, Promise<Buffer>>();
  const artwork = (title: string) => artworks.get(title) ?? artworks.set(title, renderArtwork(title)).get(title)!;
  await withStoppedApp(app, async (db) => {
    const storage = createLocalFolderStorage({ dir: path.join(app.dataDir, 'files') });
    for (const { email, memories, more } of people) {
      const userId = await userIdOf(db, email);
      const ids: string[] = [];
      for (const memory of memories) {
        const image = await storage.putImage(`memories/${userId}`, await artwork(memory.title));
        const [row] = await db
          .insert(souvenirs)
          .values({
            userId,
            title: memory.title,
            imageUrl: image.url,
            prompt: `A painting about ${memory.title}`,
            poeticSummary: memory.poeticSummary === undefined ? `A reflection on ${memory.title.toLowerCase()}.` : memory.poeticSummary,
            liked: memory.liked ?? false,
            createdAt: new Date(memory.createdAt),
            conversationId: memory.conversationId ?? null,
            shareToken: memory.shareToken ?? null,
          })
          .returning({ id: souvenirs.id });
        ids.push(row!.id);
      }
      await more?.(db, userId);
      all.push(ids);
    }
  });
  return all;
}
