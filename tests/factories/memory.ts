import { randomBytes } from 'node:crypto';
import { souvenirs } from '@server/db/schema/index';
import type { TestApp } from '../support/app';

export type MemoryRow = typeof souvenirs.$inferSelect;
export type MemoryInput = Omit<typeof souvenirs.$inferInsert, 'userId'>;

/** A memory as the generation feature will store it; every field can be overridden. */
export const buildMemory = (overrides: Partial<MemoryInput> = {}): MemoryInput => ({
  title: `A quiet evening ${randomBytes(3).toString('hex')}`,
  imageUrl: `/files/artworks/${randomBytes(8).toString('hex')}.png`,
  prompt: 'Soft evening light over a calm river, painterly, warm colours.',
  poeticSummary: 'The day settled like dust in a sunbeam.',
  ...overrides,
});

/** Inserts a memory of `userId` and returns the stored row. */
export async function addMemory(t: TestApp, userId: string, overrides: Partial<MemoryInput> = {}): Promise<MemoryRow> {
  const [row] = await t.db
    .insert(souvenirs)
    .values({ ...buildMemory(overrides), userId })
    .returning();
  return row!;
}
