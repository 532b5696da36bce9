import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { memoryDetailSchema, sharedMemorySchema } from '@shared/contracts/memories';
import { souvenirs } from '@server/db/schema/index';
import { createFilesService } from '@server/modules/files/service';
import { createMemoriesRepository } from '@server/modules/memories/repository';
import { createMemoriesService } from '@server/modules/memories/service';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { addMemory } from './factories/memory';
import { buildGenerationRequest, postGeneration, storedFileOf } from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

const t = await createTestApp({ RATE_LIMIT_GENERATION_MAX: '1000' });

const storage = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
/** The start-up pass, as the app runs it, over the same database and files. */
const pass = createMemoriesService({
  memories: createMemoriesRepository(t.db),
  files: createFilesService({ storage, remote: t.config.storage.migration }),
  publicUrl: t.config.publicUrl,
});
const rowOf = async (id: string) => (await t.db.select().from(souvenirs).where(eq(souvenirs.id, id)))[0]!;
const detailOf = async (cookie: string, id: string) =>
  memoryDetailSchema.parse((await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: { cookie } })).json());

async function storedMemory(userId: string, side = 1024) {
  const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#7a9e7e' } }).png().toBuffer();
  const image = await storage.putImage(`memories/${userId}`, png);
  return { row: await addMemory(t, userId, { imageUrl: image.url }), image };
}

describe('artwork renditions', () => {
  it('come with a generated memory: three WebP files of 480, 768 and 1024 px served as image/webp', async () => {
    const user = await createUser(t);
    const response = await postGeneration(t, user.cookie, buildGenerationRequest());
    expect(response.statusCode, response.body).toBe(201);
    const { memoryId } = response.json();

    const memory = await detailOf(user.cookie, memoryId);
    expect(memory.imageSources.map((s) => s.width)).toEqual([480, 768, 1024]);
    for (const source of memory.imageSources) {
      expect(source.url).toBe(memory.imageUrl.replace(/\.png$/, `.w${source.width}.webp`));
      const file = await t.app.inject({ method: 'GET', url: source.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width: source.width });
    }
    // The full-size PNG is still the image (download, link previews).
    expect((await t.app.inject({ method: 'GET', url: memory.imageUrl })).headers['content-type']).toBe('image/png');
  });

  it('are listed on cards and on the shared page, empty while none are made', async () => {
    const user = await createUser(t);
    const { row } = await storedMemory(user.id);
    await t.db.update(souvenirs).set({ shareToken: 'e'.repeat(64) }).where(eq(souvenirs.id, row.id));
    const shared = () => t.app.inject({ method: 'GET', url: `/api/shared/${'e'.repeat(64)}` });
    expect(sharedMemorySchema.parse((await shared()).json()).imageSources).toEqual([]);
    expect((await detailOf(user.cookie, row.id)).imageSources).toEqual([]);

    await pass.makeMissingRenditions(t.app.log);
    const sources = sharedMemorySchema.parse((await shared()).json()).imageSources;
    expect(sources.map((s) => s.width)).toEqual([480, 768, 1024]);
    const recent = (await t.app.inject({ method: 'GET', url: '/api/memories/recent', headers: { cookie: user.cookie } })).json();
    expect(recent.items[0].imageSources).toEqual(sources);
  });

  it('are made for existing memories by the start-up pass, once, surviving missing and broken images', async () => {
    const user = await createUser(t);
    const old = await storedMemory(user.id);
    const small = await storedMemory(user.id, 600);
    const missing = await storedMemory(user.id);
    unlinkSync(storedFileOf(t, missing.image.url));
    const broken = await storedMemory(user.id);
    writeFileSync(storedFileOf(t, broken.image.url), Buffer.from('not a png at all'));
    const elsewhere = await addMemory(t, user.id, { imageUrl: 'https://images.example.com/a.png?sig=1' });

    await pass.makeMissingRenditions(t.app.log);

    expect((await rowOf(old.row.id)).imageRenditionWidths).toEqual([480, 768, 1024]);
    // Never enlarged: a 600 px image gets the 480 px rendition only.
    expect((await rowOf(small.row.id)).imageRenditionWidths).toEqual([480]);
    for (const none of [missing.row, broken.row, elsewhere]) expect((await rowOf(none.id)).imageRenditionWidths).toEqual([]);
    for (const width of [480, 768, 1024]) expect(existsSync(storedFileOf(t, old.image.url.replace(/\.png$/, `.w${width}.webp`)))).toBe(true);

    // Idempotent: a second pass finds nothing left to do and changes nothing.
    expect(await pass.makeMissingRenditions(t.app.log)).toEqual({ visited: 0, made: 0 });
    expect((await rowOf(old.row.id)).imageRenditionWidths).toEqual([480, 768, 1024]);
  });

  it('are removed with their memory', async () => {
    const user = await createUser(t);
    const { row, image } = await storedMemory(user.id);
    await pass.makeMissingRenditions(t.app.log);
    const files = [480, 768, 1024].map((width) => storedFileOf(t, image.url.replace(/\.png$/, `.w${width}.webp`)));
    for (const file of files) expect(existsSync(file)).toBe(true);

    const response = await t.app.inject({ method: 'DELETE', url: `/api/memories/${row.id}`, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
    expect(response.statusCode, response.body).toBe(204);
    for (const file of [...files, storedFileOf(t, image.url), storedFileOf(t, image.thumbnailUrl)]) expect(existsSync(file)).toBe(false);
  });
});
