import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { GenerationRequest } from '@shared/contracts/generation';
import { appSettings, generations, profiles } from '@server/db/schema/index';
import { DIGITAL_SOURCE_TYPES, digitalSourceTypeOf } from '@server/providers/storage/artwork-origin';
import type { TestApp } from '../support/app';

/** A day's conversation as the chat screen sends it to be turned into a memory: welcome, then three exchanges. */
export const buildGenerationRequest = (overrides: Partial<GenerationRequest> = {}): GenerationRequest => ({
  conversationId: randomUUID(),
  language: 'en',
  messages: [
    { role: 'assistant', content: 'Welcome back. How was your day?' },
    { role: 'user', content: 'I felt tired after work, but we walked by the sea at night.' },
    { role: 'assistant', content: 'The sea at night sounds soothing. What stayed with you?' },
    { role: 'user', content: 'The sound of the waves. I felt calm and grateful.' },
  ],
  ...overrides,
});

/** The same conversation in French. */
export const buildFrenchGenerationRequest = (overrides: Partial<GenerationRequest> = {}): GenerationRequest =>
  buildGenerationRequest({
    language: 'fr',
    messages: [
      { role: 'assistant', content: 'Bonsoir. Comment s’est passée ta journée ?' },
      { role: 'user', content: 'J’étais triste ce matin, il pleuvait sur la ville.' },
      { role: 'assistant', content: 'Je t’écoute. Et ensuite ?' },
      { role: 'user', content: 'Le soir, ma sœur m’a appelée et je me suis sentie mieux.' },
    ],
    ...overrides,
  });

/** POST /api/generations with an Idempotency-Key (a new one unless given; `null` sends none). */
export const postGeneration = (t: TestApp, cookie: string | undefined, payload: unknown, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: { ...(cookie ? { cookie } : {}), ...(key !== null ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });

/** The admin's daily limit (1 unless an administrator changes it). */
export async function setDailyLimit(t: TestApp, limit: number) {
  await t.db.update(appSettings).set({ dailyGenerationLimit: limit }).where(eq(appSettings.id, 1));
}

/** The admin's image settings. */
export async function setImageSettings(t: TestApp, settings: { imageSize?: string; imageQuality?: string }) {
  await t.db.update(appSettings).set(settings).where(eq(appSettings.id, 1));
}

/** The profile's daily counter, as the reservation leaves it. */
export async function generationCounterOf(t: TestApp, userId: string) {
  const [row] = await t.db
    .select({ count: profiles.imageGenerationCount, day: profiles.lastImageGenerationDate })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row!;
}

/** An idempotency key already taken by `userId` (a request still running, by default). */
export async function addGeneration(t: TestApp, userId: string, overrides: Partial<typeof generations.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(generations)
    .values({ idempotencyKey: randomUUID(), userId, status: 'running', ...overrides })
    .returning();
  return row!;
}

/** Where the local-folder storage keeps the file of a `/files/<key>` address. */
export const storedFileOf = (t: TestApp, url: string) => path.join(t.dataDir, 'files', url.replace(/^\/files\//, ''));

/** The stored image of `url` and its WebP thumbnail both exist. */
export const imageAndThumbnailExist = (t: TestApp, url: string) => {
  const file = storedFileOf(t, url);
  return existsSync(file) && existsSync(file.replace(/\.[a-z]+$/, '.thumb.webp'));
};

/**
 * `stored` is the picture an AI image service answered (`original`): the same format and size, the same
 * pixels when lossless, and marked in its metadata as made by such a service.
 */
export async function expectServiceArtwork(stored: Buffer, original: Buffer) {
  const [kept, answered] = await Promise.all([sharp(stored).metadata(), sharp(original).metadata()]);
  expect({ format: kept.format, width: kept.width, height: kept.height }).toEqual({ format: answered.format, width: answered.width, height: answered.height });
  if (answered.format === 'png') expect((await sharp(stored).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  expect(await digitalSourceTypeOf(stored)).toBe(DIGITAL_SOURCE_TYPES['ai-service']);
}
