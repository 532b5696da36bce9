import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { souvenirs } from '@server/db/schema/index';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { memoryDetailSchema, memoryShareSchema, sharedMemorySchema } from '@shared/contracts/memories';
import { MEMORY_TITLE_MAX } from '@shared/limits';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { testDatabase } from './support/database';

const t = await createTestApp();

type Method = 'GET' | 'PATCH' | 'DELETE' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const rowOf = async (id: string) => (await t.db.select().from(souvenirs).where(eq(souvenirs.id, id)))[0];

/** A memory whose artwork really is in the app's file storage (an image and its thumbnail). */
async function addStoredMemory(userId: string) {
  const storage = createLocalFolderStorage({ dir: path.join(t.dataDir, 'files') });
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c9a27e' } }).png().toBuffer();
  const image = await storage.putImage(`memories/${userId}`, png);
  const row = await addMemory(t, userId, { imageUrl: image.url });
  return { row, image, filePath: (url: string) => path.join(t.dataDir, 'files', url.replace(/^\/files\//, '')) };
}

describe('PATCH /api/memories/:id', () => {
  it('likes and unlikes, answering the memory as it now is', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id);

    const liked = await call('PATCH', `/api/memories/${memory.id}`, user.cookie, { liked: true });
    expect(liked.statusCode, liked.body).toBe(200);
    expect(memoryDetailSchema.parse(liked.json())).toMatchObject({ id: memory.id, liked: true, title: memory.title });
    expect((await rowOf(memory.id))!.liked).toBe(true);

    const unliked = await call('PATCH', `/api/memories/${memory.id}`, user.cookie, { liked: false });
    expect(unliked.json()).toMatchObject({ liked: false });
    expect((await rowOf(memory.id))!.liked).toBe(false);
  });

  it('renames with the title trimmed, and changes nothing else', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { liked: true });

    const renamed = await call('PATCH', `/api/memories/${memory.id}`, user.cookie, { title: '   Sunday market   ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Sunday market', liked: true, poeticSummary: memory.poeticSummary });
    const row = await rowOf(memory.id);
    expect(row).toMatchObject({ title: 'Sunday market', liked: true, poeticSummary: memory.poeticSummary, imageUrl: memory.imageUrl, prompt: memory.prompt });
    expect(row!.createdAt.getTime()).toBe(memory.createdAt.getTime());

    const longest = 'é'.repeat(MEMORY_TITLE_MAX);
    expect((await call('PATCH', `/api/memories/${memory.id}`, user.cookie, { title: longest })).json()).toMatchObject({ title: longest });
  });

  it('refuses an empty or too long title, any field but liked and title, and an empty change — changing nothing', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id);
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ title: '' }, { title: ['validation.memoryTitleRequired'] }],
      [{ title: '  \n\t ' }, { title: ['validation.memoryTitleRequired'] }],
      [{ title: 'x'.repeat(MEMORY_TITLE_MAX + 1) }, { title: ['validation.memoryTitleTooLong'] }],
      [{ title: 42 }, { title: ['validation.memoryTitleRequired'] }],
      [{ liked: 'yes' }, { liked: ['validation.likedInvalid'] }],
      [{ poeticSummary: 'rewritten' }, {}],
      [{ title: 'Fine', imageUrl: '/files/elsewhere.png' }, {}],
      [{ title: 'Fine', shareToken: 'a'.repeat(64) }, {}],
      [{ title: 'Fine', userId: 'someone-else' }, {}],
      [{}, {}],
      [[], {}],
    ];
    for (const [payload, fields] of cases) {
      const response = await call('PATCH', `/api/memories/${memory.id}`, user.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      for (const [field, keys] of Object.entries(fields)) expect(response.json().error.fields?.[field], JSON.stringify(payload)).toEqual(keys);
    }
    for (const raw of ['{"title": "broken', '{"title":"Fine","__proto__":{"liked":true}}', '{"title":"Fine","constructor":{"prototype":{"liked":true}}}']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/memories/${memory.id}`,
        headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: raw,
      });
      expect(response.statusCode, raw).toBe(400);
    }
    expect(await rowOf(memory.id)).toEqual(memory);
  });
});

describe('DELETE /api/memories/:id', () => {
  it('deletes the memory and its image and thumbnail files', async () => {
    const user = await createUser(t);
    const { row, image, filePath } = await addStoredMemory(user.id);
    expect(existsSync(filePath(image.url))).toBe(true);
    expect(existsSync(filePath(image.thumbnailUrl))).toBe(true);
    expect((await call('GET', image.url)).statusCode).toBe(200);

    const response = await call('DELETE', `/api/memories/${row.id}`, user.cookie);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await rowOf(row.id)).toBeUndefined();
    expect(existsSync(filePath(image.url))).toBe(false);
    expect(existsSync(filePath(image.thumbnailUrl))).toBe(false);
    expect((await call('GET', image.url)).statusCode).toBe(404);
    expect((await call('GET', `/api/memories/${row.id}`, user.cookie)).statusCode).toBe(404);
    // Twice: the second time there is nothing to delete.
    expect((await call('DELETE', `/api/memories/${row.id}`, user.cookie)).statusCode).toBe(404);
  });

  it('deletes a memory whose image is not one of the app’s files without touching anything else', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: 'https://images.example.test/temp/abc.png?sig=1' });
    expect((await call('DELETE', `/api/memories/${memory.id}`, user.cookie)).statusCode).toBe(204);
    expect(await rowOf(memory.id)).toBeUndefined();
  });

  it('keeps a generation’s record when its memory goes (the daily count does not come back)', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id);
    const { generations } = await import('@server/db/schema/index');
    const key = randomUUID();
    await t.db.insert(generations).values({ idempotencyKey: key, userId: user.id, status: 'done', memoryId: memory.id, outcome: 'created' });
    expect((await call('DELETE', `/api/memories/${memory.id}`, user.cookie)).statusCode).toBe(204);
    const [generation] = await t.db.select().from(generations).where(eq(generations.idempotencyKey, key));
    expect(generation).toMatchObject({ status: 'done', memoryId: null });
  });
});

describe('sharing', () => {
  it('makes a 64-hex public link, a new one each time, and revokes it', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { title: 'Le marché', poeticSummary: 'Des framboises.', liked: true, conversationId: 'conv-1' });

    const first = await call('POST', `/api/memories/${memory.id}/share`, user.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const { shareToken } = memoryShareSchema.parse(first.json());
    expect(shareToken).toMatch(/^[0-9a-f]{64}$/);
    expect((await rowOf(memory.id))!.shareToken).toBe(shareToken);
    expect((await call('GET', `/api/memories/${memory.id}`, user.cookie)).json()).toMatchObject({ shareToken });

    // The public page: exactly its fields, with no session.
    const shared = await call('GET', `/api/shared/${shareToken}`);
    expect(shared.statusCode).toBe(200);
    // How the picture was made is public too (the page says it in words); this memory predates the marking.
    expect(shared.json()).toEqual({ title: 'Le marché', imageUrl: memory.imageUrl, imageSources: [], imageOrigin: null, poeticSummary: 'Des framboises.', createdAt: memory.createdAt.toISOString() });
    expect(sharedMemorySchema.parse(shared.json())).toBeDefined();
    expect(shared.body).not.toContain(user.id);
    expect(shared.body).not.toContain(memory.prompt);
    expect(shared.body).not.toContain('conv-1');

    const second = memoryShareSchema.parse((await call('POST', `/api/memories/${memory.id}/share`, user.cookie)).json()).shareToken;
    expect(second).not.toBe(shareToken);
    expect((await call('GET', `/api/shared/${shareToken}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/shared/${second}`)).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/memories/${memory.id}/share`, user.cookie);
    expect(revoked.statusCode).toBe(204);
    expect((await rowOf(memory.id))!.shareToken).toBeNull();
    expect((await call('GET', `/api/shared/${second}`)).statusCode).toBe(404);
    // Revoking a private memory again changes nothing and is not an error.
    expect((await call('DELETE', `/api/memories/${memory.id}/share`, user.cookie)).statusCode).toBe(204);
  });

  it('answers any token that is not a current link as not found, never as an error', async () => {
    for (const token of ['', 'abc', 'g'.repeat(64), 'A'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), randomBytes(32).toString('hex'), "x'%20or%201=1", '%E2%9C%93', '..%2F..%2Fetc']) {
      const response = await call('GET', `/api/shared/${token}`);
      expect(response.statusCode, token).toBe(404);
      expect(response.json().error.code, token).toBe('NOT_FOUND');
    }
  });

  it('stops the link of a deleted memory', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id);
    const { shareToken } = (await call('POST', `/api/memories/${memory.id}/share`, user.cookie)).json();
    expect((await call('DELETE', `/api/memories/${memory.id}`, user.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/shared/${shareToken}`)).statusCode).toBe(404);
  });
});

describe('another person’s memory', () => {
  it('is not found at every route, says nothing of it, and stays exactly as it was', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const { row: secret, image, filePath } = await addStoredMemory(bob.id);
    await t.db.update(souvenirs).set({ shareToken: 'c'.repeat(64) }).where(eq(souvenirs.id, secret.id));
    const before = await rowOf(secret.id);

    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/api/memories/${secret.id}`],
      ['PATCH', `/api/memories/${secret.id}`, { liked: true }],
      ['PATCH', `/api/memories/${secret.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/memories/${secret.id}`],
      ['POST', `/api/memories/${secret.id}/share`],
      ['DELETE', `/api/memories/${secret.id}/share`],
      ['POST', `/api/memories/migration/${secret.id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, alice.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      expect(response.body).not.toContain(secret.title);
    }
    expect(await rowOf(secret.id)).toEqual(before);
    expect(existsSync(filePath(image.url))).toBe(true);
  });

  it('refuses signed-out visitors at every owner route before reading anything', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id);
    for (const [method, url, payload] of [
      ['PATCH', `/api/memories/${memory.id}`, { liked: true }],
      ['PATCH', `/api/memories/${memory.id}`, { nonsense: true }],
      ['DELETE', `/api/memories/${memory.id}`],
      ['POST', `/api/memories/${memory.id}/share`],
      ['DELETE', `/api/memories/${memory.id}/share`],
    ] as Array<[Method, string, unknown?]>) {
      const response = await call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await rowOf(memory.id)).toEqual(memory);
  });

  it('answers malformed ids as not found at every route', async () => {
    const user = await createUser(t);
    for (const id of ['not-a-uuid', '%E2%9C%93', randomUUID()]) {
      for (const [method, url, payload] of [
        ['PATCH', `/api/memories/${id}`, { liked: true }],
        ['DELETE', `/api/memories/${id}`],
        ['POST', `/api/memories/${id}/share`],
        ['DELETE', `/api/memories/${id}/share`],
      ] as Array<[Method, string, unknown?]>) {
        expect((await call(method, url, user.cookie, payload)).statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('the HTML of /shared/{token}', async () => {
  // A stand-in for dist/web, so this tier does not depend on a build.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'souvenir-web-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Souvenir" /><title>Souvenir</title></head><body><div id="root"></div></body></html>',
  );
  const config = { ...loadConfig({ PUBLIC_URL: 'https://souvenir.example', LOG_LEVEL: 'silent', DATA_DIR: t.dataDir }), webDistDir: dist };
  const web = await buildApp({ config, database: await testDatabase(), authSecret: 'x'.repeat(40) });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string) => web.inject({ method: 'GET', url });

  it('carries the memory’s Open Graph and Twitter tags for link previews, escaped, and is never indexed', async () => {
    const user = await createUser(t);
    const reflection = `The day smelled of "warm bread" & <rain>. ${'Keep it close. '.repeat(20)}`;
    const memory = await addMemory(t, user.id, { title: 'Sunday <market> & "friends"', poeticSummary: reflection, imageUrl: '/files/memories/u/0123456789abcdef0123456789abcdef.png' });
    const token = randomBytes(32).toString('hex');
    await t.db.update(souvenirs).set({ shareToken: token }).where(eq(souvenirs.id, memory.id));

    const response = await page(`/shared/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta property="og:title" content="Sunday &lt;market&gt; &amp; &quot;friends&quot;" />');
    expect(html).toContain('<meta name="twitter:title" content="Sunday &lt;market&gt; &amp; &quot;friends&quot;" />');
    expect(html).toContain('<meta property="og:image" content="https://souvenir.example/files/memories/u/0123456789abcdef0123456789abcdef.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta property="og:url" content="https://souvenir.example/shared/${token}" />`);
    const description = /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description.startsWith('The day smelled of &quot;warm bread&quot; &amp; &lt;rain&gt;.')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    expect(description.replace(/&[a-z]+;/g, '_').length).toBeLessThanOrEqual(160);
    expect(html).toContain('<title>Sunday &lt;market&gt; &amp; &quot;friends&quot; · Souvenir</title>');
    expect(html).not.toContain('<market>');
    expect(html).not.toContain(memory.prompt);
    expect(html).toContain('<div id="root"></div>');
  });

  it('puts a title holding replacement patterns ($&, $`, $\') in as written, once', async () => {
    const user = await createUser(t);
    const title = "Cost $& then $` and $' end $$";
    const memory = await addMemory(t, user.id, { title, poeticSummary: 'A reflection with $& and $\' too.' });
    const token = randomBytes(32).toString('hex');
    await t.db.update(souvenirs).set({ shareToken: token }).where(eq(souvenirs.id, memory.id));

    const html = (await page(`/shared/${token}`)).body;
    expect(html).toContain('<meta property="og:title" content="Cost $&amp; then $` and $&#39; end $$" />');
    expect(html).toContain('content="A reflection with $&amp; and $&#39; too."');
    for (const once of ['<head>', '</head>', '<title>', '<body>', 'og:title']) expect(html.split(once), once).toHaveLength(2);
  });

  it('says nothing of a memory for an unknown, malformed or revoked link, and is still never indexed', async () => {
    for (const token of [randomBytes(32).toString('hex'), 'abc', '%E2%9C%93', "x'%20or%201=1", 'A'.repeat(64)]) {
      const response = await page(`/shared/${token}`);
      expect(response.statusCode, token).toBe(200);
      expect(response.body, token).toContain('noindex');
      expect(response.body, token).not.toContain('og:title');
      expect(response.body, token).toContain('<title>Souvenir</title>');
    }
  });

  it('answers a path that is not even a valid address with a client error', async () => {
    const response = await page('/shared/%');
    expect(response.statusCode).toBe(400);
  });

  it('leaves every other page’s HTML as built', async () => {
    for (const url of ['/', '/home/memories', '/shared', '/shared/a/b']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('noindex');
    }
  });
});
