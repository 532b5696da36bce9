import { exhibitions } from '@server/db/schema/index';
import type { TestApp } from '../support/app';

export type ExhibitionInput = Omit<typeof exhibitions.$inferInsert, 'userId'>;

/** Inserts a month's exhibition of `userId` as the server makes them; every field can be overridden. */
export async function addExhibition(t: TestApp, userId: string, overrides: Partial<ExhibitionInput> = {}) {
  const [row] = await t.db
    .insert(exhibitions)
    .values({ month: '2026-11', timeZone: 'UTC', title: 'November 2026', letter: 'In November 2026 you kept one memory here.\n\n— Mira', letterBy: 'offline', language: 'en', ...overrides, userId })
    .returning();
  return row!;
}
