import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_PX } from '@server/providers/storage/images';
import { storeRenditions } from '@server/providers/storage/renditions';
import { createS3ArchiveStore, createS3Storage, type S3StorageOptions } from '@server/providers/storage/s3';
import { StorageProviderError } from '@server/providers/storage/storage-provider-error';
import { expectServiceArtwork } from './factories/generation';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { startS3StandIn } from './support/s3-stand-in';

// The real @aws-sdk/client-s3 over HTTP to a local S3-compatible server (path-style addressing). Listings come
// three keys a page, so every listing here goes through the SDK's continuation tokens.
const s3 = await startS3StandIn({ bucket: 'souvenir-files', listPageSize: 3 });
afterAll(async () => {
  await s3.close();
});

const options = (overrides: Partial<S3StorageOptions> = {}): S3StorageOptions => s3.storageOptions(overrides);
const storage = createS3Storage(options());
afterAll(async () => {
  await storage.close?.();
});

const artwork = (colour: string, size = 600) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } }).png().toBuffer();

describe('the S3-compatible storage provider', () => {
  it('stores the image and its WebP thumbnail as signed PutObject calls, and reads them back', async () => {
    const png = await artwork('#d4a373');
    const before = s3.requests.length;
    const stored = await storage.putImage('memories/user-s3', png);
    expect(stored.key).toMatch(/^memories\/user-s3\/[0-9a-f]{32}\.png$/);
    expect(stored.url).toBe(`/files/${stored.key}`);
    expect(stored.thumbnailUrl).toBe(`/files/${stored.key.replace(/\.png$/, '.thumb.webp')}`);

    const puts = s3.requests.slice(before);
    expect(puts.map((r) => [r.method, r.bucket, r.key])).toEqual([
      ['PUT', 'souvenir-files', stored.key.replace(/\.png$/, '.thumb.webp')],
      ['PUT', 'souvenir-files', stored.key],
    ]);
    for (const request of puts) {
      expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=stand-in-access-key\/\d{8}\/us-east-1\/s3\/aws4_request/);
      expect(request.accessKeyId).toBe('stand-in-access-key');
    }

    const object = s3.objects.get(stored.key)!;
    expect(object.body.equals(png)).toBe(true);
    expect(object.contentType).toBe('image/png');
    expect(object.cacheControl).toBe('public, max-age=31536000, immutable');
    const thumbnail = s3.objects.get(stored.key.replace(/\.png$/, '.thumb.webp'))!;
    expect(thumbnail.contentType).toBe('image/webp');
    expect(await sharp(thumbnail.body).metadata()).toMatchObject({ format: 'webp', width: THUMBNAIL_PX, height: THUMBNAIL_PX });

    const read = await storage.get(stored.key);
    expect(read?.contentType).toBe('image/png');
    expect(read?.body.equals(png)).toBe(true);
  });

  it('answers null for a missing key (NoSuchKey), and for a malformed one without asking the bucket', async () => {
    expect(await storage.get('memories/user-s3/0123456789abcdef0123456789abcdef.png')).toBeNull();
    const before = s3.requests.length;
    for (const key of ['../secret.png', 'memories/../../x.png', 'a\\b.png', 'x.html', '']) expect(await storage.get(key), key).toBeNull();
    expect(s3.requests.length).toBe(before);
  });

  it('removes the image and its thumbnail, and removing twice is fine', async () => {
    const stored = await storage.putImage('memories/user-s3', await artwork('#588157', 64));
    await storage.remove(stored.key);
    expect(s3.objects.has(stored.key)).toBe(false);
    expect(s3.objects.has(stored.key.replace(/\.png$/, '.thumb.webp'))).toBe(false);
    await storage.remove(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
  });

  it('stores the WebP renditions beside the image and removes them with it', async () => {
    const stored = await storage.putImage('memories/user-s3', await artwork('#a3b18a', 1024));
    expect(await storeRenditions(storage, stored.key)).toEqual([480, 768, 1024]);
    for (const width of [480, 768, 1024]) {
      const rendition = s3.objects.get(stored.key.replace(/\.png$/, `.w${width}.webp`))!;
      expect(rendition.contentType).toBe('image/webp');
      expect(await sharp(rendition.body).metadata()).toMatchObject({ format: 'webp', width });
    }
    await storage.remove(stored.key);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(stored.key.replace(/\.png$/, '')))).toEqual([]);
  });

  it('keeps every key under S3_PREFIX', async () => {
    const prefixed = createS3Storage(options({ prefix: 'souvenir/prod' }));
    try {
      const stored = await prefixed.putImage('avatars/user-s3', await artwork('#3a5a40', 32));
      expect(stored.url).toBe(`/files/${stored.key}`);
      expect(s3.objects.has(`souvenir/prod/${stored.key}`)).toBe(true);
      expect(s3.objects.has(stored.key)).toBe(false);
      expect((await prefixed.get(stored.key))?.body.length).toBeGreaterThan(0);
      await prefixed.remove(stored.key);
      expect(s3.objects.has(`souvenir/prod/${stored.key}`)).toBe(false);
    } finally {
      await prefixed.close?.();
    }
  });

  it('lists every stored file under its prefix, page after page, and nothing that is not a file of ours', async () => {
    const listed = createS3Storage(options({ prefix: 'souvenir/listed' }));
    try {
      const first = await listed.putImage('memories/user-list', await artwork('#386641', 32));
      const second = await listed.putImage('avatars/user-list', await artwork('#6a994e', 32));
      const put = (key: string) => s3.objects.set(key, { body: Buffer.from('x'), contentType: undefined, cacheControl: undefined, etag: '"x"' });
      // Someone else's objects beside ours, an archive, and a file outside the prefix.
      put('souvenir/listed/notes.txt');
      put('souvenir/listed/backups/souvenir-2026-01-01T00-00-00-000Z.backup.gz');
      put('souvenir/listed/backups/trap.png');
      put('souvenir/other/memories/user-list/0123456789abcdef0123456789abcdef.png');
      const before = s3.requests.length;
      const keys = await listed.list();
      expect(keys.sort()).toEqual([first.key, first.key.replace(/\.png$/, '.thumb.webp'), second.key, second.key.replace(/\.png$/, '.thumb.webp')].sort());
      const listings = s3.requests.slice(before);
      // Seven objects under the prefix, three a page: three pages, each after the first asked for with a token.
      const asked = listings.map((r) => new URLSearchParams(r.query));
      expect(listings.map((r, i) => [r.method, r.key, asked[i]!.get('list-type'), asked[i]!.get('prefix')])).toEqual(Array(3).fill(['GET', '', '2', 'souvenir/listed/']));
      expect(asked.map((q) => q.has('continuation-token'))).toEqual([false, true, true]);
      for (const request of listings) expect(request.accessKeyId).toBe('stand-in-access-key');
    } finally {
      await listed.close?.();
    }
  });

  it('keeps archives in the bucket\'s backups/ folder: written whole, listed with their size, read, streamed, removed', async () => {
    const archives = createS3ArchiveStore(options({ prefix: 'souvenir/archives' }));
    try {
      const name = 'souvenir-2026-05-01T03-00-00-000Z.backup.gz';
      const body = Buffer.from('an archive, as bytes');
      await archives.write(name, body);
      const object = s3.objects.get(`souvenir/archives/backups/${name}`)!;
      expect(object.body.equals(body)).toBe(true);
      expect(object.contentType).toBe('application/gzip');
      expect(object.cacheControl).toBe('private, no-store');
      expect(archives.whereIs(name)).toBe(`s3://souvenir-files/souvenir/archives/backups/${name}`);

      for (let day = 2; day <= 5; day++) await archives.write(`souvenir-2026-05-0${day}T03-00-00-000Z.backup.gz`, Buffer.alloc(day));
      const listed = await archives.list();
      expect(listed.length).toBe(5);
      expect(listed).toContainEqual({ name, size: body.length });
      expect(listed).toContainEqual({ name: 'souvenir-2026-05-04T03-00-00-000Z.backup.gz', size: 4 });

      expect((await archives.read(name))?.equals(body)).toBe(true);
      const opened = await archives.open(name);
      expect(opened?.size).toBe(body.length);
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);

      expect(await archives.read('souvenir-2020-01-01T00-00-00-000Z.backup.gz')).toBeNull();
      expect(await archives.open('souvenir-2020-01-01T00-00-00-000Z.backup.gz')).toBeNull();
      const before = s3.requests.length;
      for (const bad of ['../files/x.png', 'a/b.backup.gz', '.hidden', '']) {
        expect(await archives.read(bad), bad).toBeNull();
        await archives.remove(bad);
        await expect(archives.write(bad, body), bad).rejects.toThrow();
      }
      expect(s3.requests.length).toBe(before);

      await archives.remove(name);
      expect(s3.objects.has(`souvenir/archives/backups/${name}`)).toBe(false);
      expect((await archives.list()).map((a) => a.name)).not.toContain(name);
    } finally {
      await archives.close?.();
    }
  });

  it('refuses what is not an image before sending anything', async () => {
    const before = s3.requests.length;
    await expect(storage.putImage('memories/user-s3', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow();
    await expect(storage.putImage('memories/user-s3', Buffer.from('plain text'))).rejects.toThrow();
    expect(s3.requests.length).toBe(before);
  });

  it('fails with a StorageProviderError carrying only a reason and the status', async () => {
    s3.behave('error');
    try {
      await expect(storage.list()).rejects.toMatchObject({ name: 'StorageProviderError', reason: 'upstream', status: 500 });
      const error = await storage.get('memories/user-s3/0123456789abcdef0123456789abcdef.png').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageProviderError);
      expect(error).toMatchObject({ reason: 'upstream', status: 500 });
      expect(String((error as Error).message)).not.toContain('memories/');
      await expect(storage.putImage('memories/user-s3', await artwork('#000000', 16))).rejects.toBeInstanceOf(StorageProviderError);
    } finally {
      s3.behave('ok');
    }
  });

  it('gives up on a bucket that never answers', async () => {
    const slow = createS3Storage(options({ requestTimeoutMs: 200 }));
    s3.behave('hang');
    try {
      const error = await slow.get('memories/user-s3/0123456789abcdef0123456789abcdef.png').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StorageProviderError);
      expect(error).toMatchObject({ reason: 'timeout' });
    } finally {
      s3.behave('ok');
      await slow.close?.();
    }
  });

  it('reports a bucket that cannot be reached as a network failure', async () => {
    const nowhere = createS3Storage(options({ endpoint: 'http://127.0.0.1:9', bucket: 'nowhere' }));
    try {
      const error = await nowhere.get('memories/user-s3/0123456789abcdef0123456789abcdef.png').catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'StorageProviderError', reason: 'network' });
    } finally {
      await nowhere.close?.();
    }
  });
});

// The stand-in doubles as an image provider's blob host for the migration (reached on 127.0.0.1).
const t = await createTestApp({ ...s3.env(), LOG_LEVEL: 'warn', STORAGE_MIGRATION_ALLOWED_HOSTS: '127.0.0.1' });

describe('the app on an S3-compatible bucket', () => {
  it('says so in /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json().providers.storage).toBe('s3');
  });

  it('serves a file the bucket holds at /files/<key>, never at a bucket address', async () => {
    const png = await artwork('#bc6c25', 300);
    const stored = await storage.putImage('memories/user-app', png);
    const response = await t.app.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).not.toContain(s3.endpoint);

    const again = await t.app.inject({ method: 'GET', url: stored.url, headers: { 'if-none-match': response.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    const thumbnail = await t.app.inject({ method: 'HEAD', url: stored.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const missing = await t.app.inject({ method: 'GET', url: '/files/memories/user-app/0123456789abcdef0123456789abcdef.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('never serves what lies in the bucket\'s backups/ folder at /files, whatever its name', async () => {
    const png = await artwork('#99582a', 32);
    const archive = 'backups/souvenir-2026-05-01T03-00-00-000Z.backup.gz';
    s3.objects.set(archive, { body: Buffer.from('archive'), contentType: 'application/gzip', cacheControl: undefined, etag: '"a"' });
    s3.objects.set('backups/looks-like-a-picture.png', { body: png, contentType: 'image/png', cacheControl: undefined, etag: '"p"' });
    const before = s3.requests.length;
    for (const url of [`/files/${archive}`, '/files/backups/looks-like-a-picture.png', '/files/BACKUPS/looks-like-a-picture.png', `/files/memories/../${archive}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    // Refused by its name alone: the bucket was not even asked.
    expect(s3.requests.length).toBe(before);
  });

  it('answers 503, uncached, while the bucket fails', async () => {
    const stored = await storage.putImage('memories/user-app', await artwork('#606c38', 32));
    s3.behave('error');
    try {
      const response = await t.app.inject({ method: 'GET', url: stored.url });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      s3.behave('ok');
    }
    expect((await t.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(200);
  });

  it('migrates a temporary image into the bucket', async () => {
    const png = await artwork('#283618', 200);
    s3.objects.set('provider/img-temporary.png', { body: png, contentType: 'image/png', cacheControl: undefined, etag: '"x"' });
    const user = await createUser(t);
    const memory = await addMemory(t, user.id, { imageUrl: `${s3.endpoint}/${s3.bucket}/provider/img-temporary.png?sig=abc` });

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/memories/migration/${memory.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(new RegExp(`^/files/memories/${user.id}/[0-9a-f]{32}\\.png$`));
    const key = imageUrl.replace(/^\/files\//, '');
    await expectServiceArtwork(s3.objects.get(key)!.body, png);
    expect(s3.objects.has(key.replace(/\.png$/, '.thumb.webp'))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    await expectServiceArtwork(served.rawPayload, png);
  });
});
