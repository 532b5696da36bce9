import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { THUMBNAIL_PX } from '@server/providers/storage/images';
import { createLocalFolderStorage } from '@server/providers/storage/local-folder';
import { createTestApp } from './support/app';
import { testDatabase } from './support/database';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const t = await createTestApp({ DATA_DIR: dataDir });
// The same folder the app serves from: what the generation flow will store through the provider.
const storage = createLocalFolderStorage({ dir: path.join(dataDir, 'files') });

const artwork = (colour = '#c08457', size = 1024) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(`<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#2b4c7e"/></svg>`) }])
    .png()
    .toBuffer();

/** Sends the request target byte for byte and returns the whole raw answer. */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /files/<key> with the local folder', () => {
  it('serves what putImage stored, byte for byte, with immutable caching, nosniff and the type of the key', async () => {
    const png = await artwork();
    const stored = await storage.putImage('memories/user-a', png);
    expect(stored.key).toMatch(/^memories\/user-a\/[0-9a-f]{32}\.png$/);
    expect(stored.url).toBe(`/files/${stored.key}`);

    const response = await get(stored.url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(png.length));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    // Same-origin pages (the app, shared memories) may show it; the CSP of the app allows 'self' images.
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('makes a 512 px WebP thumbnail for grids, served the same way', async () => {
    const stored = await storage.putImage('memories/user-a', await artwork('#7a9e7e'));
    expect(stored.thumbnailUrl).toBe(stored.url.replace(/\.png$/, '.thumb.webp'));
    const response = await get(stored.thumbnailUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: THUMBNAIL_PX, height: THUMBNAIL_PX });
  });

  it('takes the type from the key, never from the request', async () => {
    const jpeg = await sharp(await artwork('#333333', 64)).jpeg().toBuffer();
    const stored = await storage.putImage('avatars/user-b', jpeg);
    expect(stored.key).toMatch(/\.jpg$/);
    const response = await get(`${stored.url}?type=text/html`, { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers HEAD with the headers and no body', async () => {
    const png = await artwork('#112233', 256);
    const stored = await storage.putImage('memories/user-a', png);
    const head = await t.app.inject({ method: 'HEAD', url: stored.url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.headers.etag).toBe((await get(stored.url)).headers.etag);

    const missing = await t.app.inject({ method: 'HEAD', url: '/files/memories/user-a/00000000000000000000000000000000.png' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 304 to a matching If-None-Match, and the file to any other', async () => {
    const stored = await storage.putImage('memories/user-a', await artwork('#445566', 128));
    const first = await get(stored.url);
    const etag = first.headers.etag as string;

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get(stored.url, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const changed = await get(stored.url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers a coded, uncached 404 for a key that is not there', async () => {
    const stored = await storage.putImage('memories/user-a', await artwork('#778899', 64));
    await storage.remove(stored.key);
    for (const url of [stored.url, stored.thumbnailUrl, '/files/memories/nobody/0123456789abcdef0123456789abcdef.png', '/files/', '/files/x.gif']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('never reaches outside the files folder: traversal, encodings, backslashes and null bytes', async () => {
    // Files a traversal would aim at: next to the files folder, and the data folder's secrets.
    writeFileSync(path.join(dataDir, 'secret.png'), 'not for you');
    writeFileSync(path.join(dataDir, 'auth-secret'), 'not for you either');
    mkdirSync(path.join(dataDir, 'files', 'memories'), { recursive: true });

    const attempts = [
      '/files/../secret.png',
      '/files/../../etc/passwd',
      '/files/memories/../../secret.png',
      '/files/%2e%2e/secret.png',
      '/files/%2E%2E%2Fsecret.png',
      '/files/memories/%2e%2e/%2e%2e/secret.png',
      '/files/..%2f..%2fauth-secret',
      '/files/..%5csecret.png',
      '/files/memories\\..\\..\\secret.png',
      '/files/%5c..%5csecret.png',
      '/files/secret.png%00.png',
      '/files/%00',
      '/files/memories/%252e%252e/secret.png',
      '/files//etc/passwd',
      '/files/%2fetc%2fpasswd',
      '/files/.png',
      '/files/memories/./x.png',
      `/files/${'a/'.repeat(300)}x.png`,
      '/files/%zz.png',
      '/files/%',
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.json().error.code, url).toMatch(/^(NOT_FOUND|BAD_REQUEST)$/);
      expect(response.body, url).not.toContain('not for you');
    }

    // Over a real socket the request target arrives exactly as written: no client tidies the dots away.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    for (const target of attempts) {
      const raw = await rawGet(port, target);
      expect(raw, target).toMatch(/^HTTP\/1\.1 (400|404) /);
      expect(raw, target).toMatch(/"code":"(NOT_FOUND|BAD_REQUEST)"/);
      expect(raw, target).not.toContain('not for you');
    }
    expect(t.logs.join('')).not.toContain('"level":50');
  });

  it('refuses other methods', async () => {
    const stored = await storage.putImage('memories/user-a', await artwork('#010203', 32));
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: stored.url, payload: {} });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().error.code, method).toBe('NOT_FOUND');
    }
    expect((await get(stored.url)).statusCode).toBe(200);
  });

  it('reports the local folder in /api/health', async () => {
    const response = await get('/api/health');
    expect(response.json().providers.storage).toBe('local-folder');
  });
});

describe('/files/* next to the web app', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'souvenir-web-files-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Souvenir</title><div id="root"></div>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('is never swallowed by the SPA fallback', async () => {
    const config = { ...loadConfig({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), webDistDir: dist };
    const app = await buildApp({ config, database: await testDatabase(), authSecret: 'x'.repeat(40) });
    try {
      const stored = await storage.putImage('memories/user-c', await artwork('#abcdef', 32));
      const found = await app.inject({ method: 'GET', url: stored.url });
      expect(found.statusCode).toBe(200);
      expect(found.headers['content-type']).toBe('image/png');

      for (const url of ['/files/memories/user-c/ffffffffffffffffffffffffffffffff.png', '/files/memories/x.gif', '/files/nothing']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.headers['content-type'], url).toContain('application/json');
        expect(missing.body, url).not.toContain('<div id="root">');
      }
      // A client route still gets the app shell.
      expect((await app.inject({ method: 'GET', url: '/home/memories' })).body).toContain('<div id="root">');
    } finally {
      await app.close();
    }
  });
});
