import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { testDatabase } from './support/database';

// A stand-in for dist/web, so this tier does not depend on a build.
const dist = mkdtempSync(path.join(os.tmpdir(), 'souvenir-web-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Souvenir</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const config = { ...loadConfig({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }), webDistDir: dist };
const app = await buildApp({ config, database: await testDatabase(), authSecret: 'x'.repeat(40) });
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/auth', '/home', '/home/chat', '/home/memories/123', '/shared/abc', '/anything/else'])(
    'answers %s with the app shell, never cached',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown API paths with a JSON 404, not the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const post = await app.inject({ method: 'POST', url: '/home', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
