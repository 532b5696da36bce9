// The web app's files go out compressed (decision 0029): the build's Brotli and gzip copies to browsers that accept
// them, the plain file to others, and the per-request shared-memory page compressed on the fly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { webAppPlugin } from '@server/plugins/web-app';

const script = `console.log(${JSON.stringify('a memory '.repeat(400))});`;
const indexHtml = '<!doctype html><title>Souvenir</title><div id="root"></div>';

// A stand-in for dist/web as scripts/build-compress.mjs leaves it; the compressed copies are marked so the test
// can tell which file was sent.
const dist = mkdtempSync(path.join(os.tmpdir(), 'souvenir-web-compression-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), indexHtml);
writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(`${indexHtml}<!--br-->`));
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(`${script}//br`));
writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(`${script}//gz`));
// Too small for the build to compress: no copies.
writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export{}');

const app = Fastify();
await app.register(webAppPlugin, {
  dir: dist,
  enabled: true,
  pages: async () => async (pathname) =>
    pathname.startsWith('/shared/')
      ? { html: indexHtml.replace('<title>Souvenir</title>', '<title>A shared memory</title>'), cacheControl: 'no-cache', vary: 'cookie, accept-encoding' }
      : null,
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed web app files', () => {
  it('sends the Brotli copy of a script to a browser that accepts it, with its type, cache and Vary headers', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${script}//br`);
  });

  it('sends the gzip copy when Brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}//gz`);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to the plain file when the build wrote no copy', async () => {
    const response = await get('/assets/tiny-abc123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export{}');
  });

  it('answers a missing asset (a chunk of an older build) with a 404, not the app shell', async () => {
    const response = await get('/assets/page-old123.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('sends the app shell of a client route compressed, never cached', async () => {
    const response = await get('/home/memories', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${indexHtml}<!--br-->`);
  });

  it('compresses a page rendered per request as the browser allows', async () => {
    const brotli = await get('/shared/abc', 'gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('<title>A shared memory</title>');

    const gzip = await get('/shared/abc', 'gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<title>A shared memory</title>');

    const plain = await get('/shared/abc');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>A shared memory</title>');
  });
});
