import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { souvenirs } from '@server/db/schema/index';
import { derivedKeysOf } from '@server/providers/storage/keys';
import { THUMBNAIL_PX } from '@server/providers/storage/images';
import { imageMigrationResultSchema, imageMigrationStatusSchema } from '@shared/contracts/memories';
import { expectServiceArtwork } from './factories/generation';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';

// An image provider's blob host, played by a local server. Only 127.0.0.1 is allowed to be private.
const png = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#9c6644' } })
  .composite([{ input: Buffer.from('<svg width="640" height="640"><rect x="80" y="80" width="300" height="300" fill="#ede0d4"/></svg>') }])
  .png()
  .toBuffer();
const jpeg = await sharp(png).jpeg().toBuffer();
const wide = await sharp({ create: { width: 8193, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const MB = 1024 * 1024;

const hits: string[] = [];
const send = (response: ServerResponse, status: number, type: string, body: Buffer | string) => {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
};
const imageHost = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://image-host');
  hits.push(url.pathname);
  response.on('error', () => undefined);
  const redirect = (location: string) => {
    response.writeHead(302, { location });
    response.end();
  };
  switch (url.pathname) {
    case '/img-abc.png':
      return send(response, 200, 'application/octet-stream', png);
    case '/photo.jpg':
      return send(response, 200, 'image/jpeg', jpeg);
    case '/page':
      return send(response, 200, 'text/html', '<!doctype html><title>Not an image</title>');
    case '/lying.png':
      return send(response, 200, 'image/png', '<!doctype html><script>alert(1)</script>');
    case '/drawing.svg':
      return send(response, 200, 'image/svg+xml', svg);
    case '/truncated.png':
      return send(response, 200, 'image/png', png.subarray(0, 200));
    case '/wide.png':
      return send(response, 200, 'image/png', wide);
    case '/declared-huge.png':
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': 21 * MB });
      return response.write(png.subarray(0, 1024));
    case '/streamed-huge.png': {
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(MB);
      let sent = 0;
      const pump = () => {
        while (sent < 22 && !response.destroyed) {
          sent++;
          if (!response.write(chunk)) return response.once('drain', pump);
        }
        if (!response.destroyed) response.end();
      };
      return pump();
    }
    case '/expired.png':
      return send(response, 403, 'application/xml', '<Error><Code>AuthenticationFailed</Code></Error>');
    case '/hang.png':
      return; // never answers
    case '/moved.png':
      return redirect('/img-abc.png');
    case '/to-other-host.png':
      return redirect(`http://localhost:${port}/img-abc.png`);
    case '/to-other-port.png':
      return redirect('http://127.0.0.1:9/img-abc.png');
    case '/to-metadata.png':
      return redirect('http://169.254.169.254/latest/meta-data/');
    case '/to-file.png':
      return redirect('file:///etc/passwd');
    case '/loop.png':
      return redirect('/loop.png');
    default:
      return send(response, 404, 'text/plain', 'not found');
  }
});
await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
const { port } = imageHost.address() as AddressInfo;
const host = `http://127.0.0.1:${port}`;
afterAll(async () => {
  imageHost.closeAllConnections();
  await new Promise<void>((resolve) => imageHost.close(() => resolve()));
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-migration-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = await createTestApp({
  DATA_DIR: dataDir,
  STORAGE_MIGRATION_ALLOWED_HOSTS: '127.0.0.1',
  STORAGE_MIGRATION_TIMEOUT_SECONDS: '1',
});

const status = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/memories/migration', headers: cookie ? { cookie } : {} });
const migrate = (id: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/memories/migration/${id}`, headers: cookie ? { cookie, origin: TEST_ORIGIN } : {} });
const imageUrlOf = async (id: string) => (await t.db.select({ imageUrl: souvenirs.imageUrl }).from(souvenirs).where(eq(souvenirs.id, id)))[0]?.imageUrl;
const storedFilesOf = (userId: string) => {
  try {
    return readdirSync(path.join(dataDir, 'files', 'memories', userId)).sort();
  } catch {
    return [];
  }
};
/** What the server logged about a failed migration of this memory. */
const failureLogged = (memoryId: string) => {
  const line = t.logs.find((l) => l.includes('image migration failed') && l.includes(memoryId));
  return line ? (JSON.parse(line) as { reason: string; status?: number; host: string }) : undefined;
};
/** A temporary address as OpenAI gives them: a signed query that must never reach the logs. */
const signed = (pathname: string, at = host) => `${at}${pathname}?st=2026-11-21T10%3A00%3A00Z&sig=SECRET-SIGNATURE-${pathname.length}`;

beforeEach(() => {
  hits.length = 0;
});

describe('GET /api/memories/migration', () => {
  it('counts the person’s own memories still at a temporary image address, and names them', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 20));
    const openAi = await addMemory(t, alice.id, {
      imageUrl: 'https://oaidalleapiprodscus.blob.core.windows.net/private/org-1/user-1/img-abc.png?st=2026&sig=x',
      createdAt: day(1),
    });
    const other = await addMemory(t, alice.id, { imageUrl: signed('/img-abc.png'), createdAt: day(2) });
    await addMemory(t, alice.id, { imageUrl: '/files/memories/kept/0123456789abcdef0123456789abcdef.png', createdAt: day(3) });
    await addMemory(t, alice.id, { imageUrl: `${TEST_ORIGIN}/files/memories/kept/0123456789abcdef0123456789abcdef.png`, createdAt: day(4) });
    await addMemory(t, bob.id, { imageUrl: signed('/img-abc.png'), createdAt: day(5) });

    const response = await status(alice.cookie);
    expect(response.statusCode).toBe(200);
    expect(imageMigrationStatusSchema.parse(response.json())).toEqual({ pending: 2, ids: [openAi.id, other.id] });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await status(bob.cookie)).json()).toMatchObject({ pending: 1 });
    expect((await status((await createUser(t)).cookie)).json()).toEqual({ pending: 0, ids: [] });
  });

  it('needs a session', async () => {
    const response = await status();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/memories/migration/{id}', () => {
  it('keeps the image in storage, points the memory at it and serves it', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: signed('/img-abc.png') });

    const response = await migrate(memory.id, user.cookie);
    expect(response.statusCode).toBe(200);
    const { imageUrl } = imageMigrationResultSchema.parse(response.json());
    expect(imageUrl).toMatch(new RegExp(`^/files/memories/${user.id}/[0-9a-f]{32}\\.png$`));
    expect(await imageUrlOf(memory.id)).toBe(imageUrl);
    expect(hits).toEqual(['/img-abc.png']);

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    await expectServiceArtwork(served.rawPayload, png);
    expect(served.headers['content-type']).toBe('image/png');
    const thumbnail = await t.app.inject({ method: 'GET', url: imageUrl.replace(/\.png$/, '.thumb.webp') });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: THUMBNAIL_PX });

    expect((await status(user.cookie)).json()).toEqual({ pending: 0, ids: [] });
    // Asked again (a lost answer, a second tab): the same address, nothing downloaded again.
    const again = await migrate(memory.id, user.cookie);
    expect(again.json()).toEqual({ imageUrl });
    expect(hits).toEqual(['/img-abc.png']);
    // The signed query of the temporary address never reaches the logs.
    expect(t.logs.join('')).not.toContain('SECRET-SIGNATURE');
  });

  it('keeps a JPEG as a JPEG, and follows a redirect within the same host', async () => {
    const user = await createUser(t);
    const photo = await addMemory(t, user.id, { imageUrl: signed('/photo.jpg') });
    const moved = await addMemory(t, user.id, { imageUrl: signed('/moved.png') });

    const first = await migrate(photo.id, user.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().imageUrl).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: first.json().imageUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    await expectServiceArtwork(served.rawPayload, jpeg);

    const second = await migrate(moved.id, user.cookie);
    expect(second.statusCode).toBe(200);
    expect(hits).toEqual(['/photo.jpg', '/moved.png', '/img-abc.png']);
  });

  it('answers 404 for another person’s memory, an unknown id or a malformed one, and changes nothing', async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const bobs = await addMemory(t, bob.id, { imageUrl: signed('/img-abc.png') });
    for (const id of [bobs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%20or%201=1']) {
      const response = await migrate(id, alice.cookie);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code, id).toBe('NOT_FOUND');
    }
    expect(await imageUrlOf(bobs.id)).toBe(bobs.imageUrl);
    expect(hits).toEqual([]);
    expect(storedFilesOf(alice.id)).toEqual([]);
  });

  it('needs a session', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: signed('/img-abc.png') });
    const response = await migrate(memory.id);
    expect(response.statusCode).toBe(401);
    expect(await imageUrlOf(memory.id)).toBe(memory.imageUrl);
  });

  it.each([
    ['the host answers an error (an expired address)', '/expired.png', 'http-status'],
    ['the host has no such image', '/nothing-here.png', 'http-status'],
    ['the answer is a web page', '/page', 'not-an-image'],
    ['the answer claims to be a PNG but is not', '/lying.png', 'not-an-image'],
    ['the image is an SVG (not a format that is kept)', '/drawing.svg', 'not-an-image'],
    ['the image is cut short', '/truncated.png', 'not-an-image'],
    ['the image is absurdly large in pixels', '/wide.png', 'too-large'],
    ['the answer declares more than 20 MB', '/declared-huge.png', 'too-large'],
    ['the answer streams more than 20 MB', '/streamed-huge.png', 'too-large'],
    ['the host never answers', '/hang.png', 'timeout'],
    ['a redirect leads to another host', '/to-other-host.png', 'refused-redirect'],
    ['a redirect leads to another port', '/to-other-port.png', 'refused-redirect'],
    ['a redirect leads to the cloud metadata address', '/to-metadata.png', 'refused-redirect'],
    ['a redirect leads to a file', '/to-file.png', 'refused-redirect'],
    ['redirects never end', '/loop.png', 'refused-redirect'],
  ])('fails with IMAGE_MIGRATION_FAILED and leaves the memory unchanged when %s', async (_case, pathname, reason) => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: signed(pathname) });
    const response = await migrate(memory.id, user.cookie);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: { code: 'IMAGE_MIGRATION_FAILED' } });
    expect(failureLogged(memory.id)?.reason).toBe(reason);
    expect(await imageUrlOf(memory.id)).toBe(memory.imageUrl);
    expect(storedFilesOf(user.id)).toEqual([]);
    expect((await status(user.cookie)).json().pending).toBe(1);
  });

  it.each([
    ['a host name that resolves to this machine', () => `http://localhost:${port}/img-abc.png`],
    ['IPv6 loopback', () => `http://[::1]:${port}/img-abc.png`],
    ['0.0.0.0', () => `http://0.0.0.0:${port}/img-abc.png`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/img-abc.png`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['a private network', () => 'http://10.0.0.1/img-abc.png'],
    ['a home router', () => 'https://192.168.1.1/img-abc.png'],
    ['credentials in the address', () => `http://user:secret@127.0.0.1:${port}/img-abc.png`],
  ])('refuses %s (server-side request forgery) without connecting', async (what, address) => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: address() });
    const response = await migrate(memory.id, user.cookie);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('IMAGE_MIGRATION_FAILED');
    expect(failureLogged(memory.id)?.reason).toBe(what.startsWith('credentials') ? 'unsupported-url' : 'refused-address');
    expect(await imageUrlOf(memory.id)).toBe(memory.imageUrl);
    expect(hits).toEqual([]);
  });

  it('never fetches what is not an http(s) address: it is not temporary', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: 'file:///etc/passwd' });
    expect((await status(user.cookie)).json().pending).toBe(0);
    const response = await migrate(memory.id, user.cookie);
    expect(response.json()).toEqual({ imageUrl: 'file:///etc/passwd' });
    expect(await imageUrlOf(memory.id)).toBe('file:///etc/passwd');
  });

  it('logs why a migration failed, with the host only', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: signed('/expired.png') });
    await migrate(memory.id, user.cookie);
    const line = t.logs.find((l) => l.includes('image migration failed') && l.includes(memory.id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ reason: 'http-status', status: 403, host: `127.0.0.1:${port}` });
    expect(line).not.toContain('SECRET-SIGNATURE');
  });

  it('keeps one copy when the same memory is migrated twice at once', async () => {
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: signed('/img-abc.png') });
    const [a, b] = await Promise.all([migrate(memory.id, user.cookie), migrate(memory.id, user.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().imageUrl).toBe(b.json().imageUrl);
    expect(await imageUrlOf(memory.id)).toBe(a.json().imageUrl);
    const name = (a.json().imageUrl as string).split('/').pop()!;
    // One copy: every stored file is this image's, its thumbnail or a rendition no wider than the image itself.
    const stored = storedFilesOf(user.id);
    expect(stored).toEqual(expect.arrayContaining([name, name.replace(/\.png$/, '.thumb.webp')]));
    expect(stored.every((file) => derivedKeysOf(name).includes(file))).toBe(true);
  });
});
