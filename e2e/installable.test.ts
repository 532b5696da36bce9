// The installable app (decision 0031): the manifest and icons a phone needs to put Souvenir on its home screen,
// and the service worker that starts the app shell without a network — and keeps nothing private.
import { randomBytes } from 'node:crypto';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../src/web/locales/en/common.json' with { type: 'json' };
import { openPage } from './support/browser';
import { addMemories } from './support/database';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { signedInUser } from './support/users';

const t = ui('en');
const SESSION_UNREACHABLE = "We couldn't reach Souvenir"; // common:sessionError.title
const s = setupSuite();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's header (signature, then the IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function fetchPng(path: string) {
  const res = await fetch(s.app.baseUrl + path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type'), path).toBe('image/png');
  return pngSize(Buffer.from(await res.arrayBuffer()));
}

/** Waits for the worker to be active, then reloads: the fresh page load must be under its control. */
async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 10_000 })
    .toBe('activated');
  await page.reload();
  const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  expect(script).toBe(`${s.app.baseUrl}/sw.js`);
}

interface CachedEntry {
  cache: string;
  path: string;
  contentType: string | null;
  body: string;
}

/** Everything in the page's Cache Storage, with the bodies of text answers (fonts are read as nothing). */
const cachedEntries = (page: Page): Promise<CachedEntry[]> =>
  page.evaluate(async () => {
    const entries: CachedEntry[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const contentType = response?.headers.get('content-type') ?? null;
        const text = response && contentType && /text|javascript|css|json/.test(contentType) ? await response.text() : '';
        entries.push({ cache: name, path: new URL(request.url).pathname, contentType, body: text });
      }
    }
    return entries;
  });

/** Nothing but the build's shell in the caches, and none of the person's words in any of it. */
function expectOnlyTheShell(entries: CachedEntry[], privateWords: string[]) {
  expect(entries.length, 'the shell is cached').toBeGreaterThan(0);
  for (const entry of entries) {
    expect(entry.cache).toMatch(/^souvenir-shell-/);
    expect(entry.path === '/index.html' || entry.path.startsWith('/assets/'), `${entry.path} is part of the shell`).toBe(true);
    for (const word of privateWords) expect(entry.body.includes(word), `"${word}" in the cached ${entry.path}`).toBe(false);
  }
  expect(entries.map((e) => e.path)).toContain('/index.html');
}

/** Waits until the image named `title` has been drawn (its file fetched and decoded). */
async function imageShown(page: Page, title: string) {
  const image = page.getByRole('img', { name: title }).first();
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
}

describe('web app manifest', () => {
  it('describes an installable app, is linked from the page, and its icons have the sizes it declares', async () => {
    const res = await fetch(`${s.app.baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Souvenir',
      short_name: 'Souvenir',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      background_color: '#FBF7F2',
      theme_color: '#FBF7F2',
    });
    expect(typeof manifest.description).toBe('string');

    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await fetchPng(icon.src), icon.src).toEqual({ width, height });
    }
    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

    const { page, context } = await openPage(s.browser, { serviceWorkers: true });
    await page.goto(`${s.app.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: t.appName }).waitFor();
    const links = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    }));
    expect(links).toEqual({ manifest: '/manifest.webmanifest', appleTouchIcon: '/apple-touch-icon.png', themeColor: '#FBF7F2' });
    expect(await fetchPng(links.appleTouchIcon!)).toEqual({ width: 180, height: 180 });

    // Chromium's own verdict: the manifest parses and nothing stops installation, except that test contexts are
    // incognito windows, where no browser installs apps.
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});

describe('service worker', () => {
  it('is never cached by the browser, controls the page after a reload, and offline the app shell still opens', async () => {
    const res = await fetch(`${s.app.baseUrl}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');

    const { page, context } = await openPage(s.browser, { serviceWorkers: true });
    const consoleErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    await page.goto(`${s.app.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: t.appName }).waitFor();
    await controlledByWorker(page);
    // The manifest and the worker load under the CSP (default-src and script-src 'self'), with no complaint.
    expect(consoleErrors.filter((text) => /content security policy|refused|manifest|service ?worker/i.test(text))).toEqual([]);

    await context.setOffline(true);
    // The API cannot be reached and the worker does not pretend otherwise.
    expect(await page.evaluate(() => fetch('/api/me').then(() => 'answered', () => 'failed'))).toBe('failed');

    // A reload and a deep link both start the app, not the browser's offline page.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: t.appName }).waitFor();
    // The cached scripts name the page as they do online (each route has its own title).
    await expect.poll(() => page.title()).toBe(enCommon.titles.landing);
    await page.goto(`${s.app.baseUrl}/home/memories`);
    // The signed-in area cannot check the session: the app's own message, drawn by the cached scripts.
    await page.getByRole('alert').getByRole('heading', { level: 1, name: SESSION_UNREACHABLE }).waitFor();
    expect(await page.title()).toBe('Souvenir');
    await context.setOffline(false);
  });

  it('keeps nothing private: after pages with memory pictures, a shared page, and signing out, the caches hold only the shell', async () => {
    const { page, context } = await openPage(s.browser, { serviceWorkers: true });
    const user = await signedInUser(context, s.app, { firstName: 'Apolline' });
    const title = 'Lanterns over the quiet harbour';
    const token = randomBytes(32).toString('hex');
    const [id] = await addMemories(s.app, user.email, [{ title, createdAt: '2026-03-10T12:00:00.000Z', shareToken: token }]);
    const privateWords = [title, user.email, user.firstName, token];

    await page.goto(`${s.app.baseUrl}/home`);
    await page.getByRole('heading', { level: 1, name: t.greeting(user.firstName) }).waitFor();
    await controlledByWorker(page);

    // Every answer from here on, to see which ones the worker gave.
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await imageShown(page, title);
    await page.goto(`${s.app.baseUrl}/home/memories`);
    await imageShown(page, title);
    await page.goto(`${s.app.baseUrl}/home/memories/${id}`);
    await imageShown(page, title);
    await page.goto(`${s.app.baseUrl}/shared/${token}`);
    await imageShown(page, title);

    const paths = (pick: (r: Response) => boolean) => responses.filter(pick).map((r) => new URL(r.url()).pathname);
    const isPrivate = (r: Response) => /^\/(api|files)\//.test(new URL(r.url()).pathname);
    expect(paths((r) => isPrivate(r) && r.url().includes('/files/')).length, 'memory pictures were fetched').toBeGreaterThan(0);
    expect(paths((r) => isPrivate(r) && r.fromServiceWorker()), 'private answers given by the worker').toEqual([]);
    expect(paths((r) => r.url().includes('/assets/') && r.fromServiceWorker()).length, 'the shell came from the worker').toBeGreaterThan(0);

    expectOnlyTheShell(await cachedEntries(page), privateWords);

    // Signed out from the header (where the app then lands is navigation.test's and account.test's concern).
    await page.goto(`${s.app.baseUrl}/home`);
    await page.getByRole('banner').getByRole('button', { name: t.accountMenu }).click();
    await page.getByRole('menuitem', { name: t.signOut }).click();
    await page.getByText(t.signedOut).waitFor();
    expect(await page.evaluate(() => fetch('/api/me').then((res) => res.status))).toBe(401);
    expectOnlyTheShell(await cachedEntries(page), privateWords);
  });
});
