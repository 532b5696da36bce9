import { describe, expect, it } from 'vitest';
import { cacheName, isCacheable, staleCaches, strategyFor, type RequestFacts } from './rules';

const ORIGIN = 'https://souvenir.example';
const get = (path: string, mode: RequestMode = 'cors'): RequestFacts => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('strategyFor', () => {
  it('answers page loads from the network, falling back on the shell', () => {
    expect(strategyFor(get('/home', 'navigate'), ORIGIN)).toBe('navigate');
    expect(strategyFor(get('/home/memories/7?from=home', 'navigate'), ORIGIN)).toBe('navigate');
    expect(strategyFor(get('/shared/abc', 'navigate'), ORIGIN)).toBe('navigate');
    expect(strategyFor(get('/', 'navigate'), ORIGIN)).toBe('navigate');
  });

  it('serves the hashed build files from the cache', () => {
    expect(strategyFor(get('/assets/index-DGvrJwId.js'), ORIGIN)).toBe('asset');
    expect(strategyFor(get('/assets/inter-latin-wght-normal-Dx4kXJAl.woff2'), ORIGIN)).toBe('asset');
  });

  it('never touches the API or stored files (memory images, profile pictures), not even opened as a page', () => {
    for (const path of ['/api/me', '/api/memories?page=1', '/api/shared/abc', '/files/memories/u1/a.webp', '/files/avatars/u1.webp']) {
      expect(strategyFor(get(path), ORIGIN), path).toBe('network');
      expect(strategyFor(get(path, 'navigate'), ORIGIN), path).toBe('network');
    }
  });

  it('leaves every method but GET to the network', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(strategyFor({ ...get('/assets/index.js'), method }, ORIGIN), method).toBe('network');
      expect(strategyFor({ ...get('/home', 'navigate'), method }, ORIGIN), method).toBe('network');
    }
  });

  it('leaves other origins alone, even on paths that look like ours', () => {
    expect(strategyFor({ method: 'GET', url: 'https://cdn.example/assets/x.js', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://calendar.example/', mode: 'navigate' }, ORIGIN)).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'http://souvenir.example/assets/x.js', mode: 'cors' }, ORIGIN)).toBe('network');
  });

  it('leaves the root files (icons, manifest, favicon) to the network', () => {
    for (const path of ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/sw.js', '/index.html']) {
      expect(strategyFor(get(path), ORIGIN), path).toBe('network');
    }
  });
});

describe('caches', () => {
  it('finds the earlier versions of the shell and nothing else', () => {
    const current = cacheName('b2');
    expect(staleCaches([cacheName('a1'), current, 'someone-else', cacheName('c3')], current)).toEqual([cacheName('a1'), cacheName('c3')]);
  });

  it('keeps only complete same-origin answers', () => {
    expect(isCacheable({ ok: true, status: 200, type: 'basic' })).toBe(true);
    expect(isCacheable({ ok: true, status: 206, type: 'basic' })).toBe(false);
    expect(isCacheable({ ok: false, status: 404, type: 'basic' })).toBe(false);
    expect(isCacheable({ ok: false, status: 0, type: 'opaque' })).toBe(false);
    expect(isCacheable({ ok: true, status: 200, type: 'cors' })).toBe(false);
  });
});
