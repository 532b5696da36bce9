// The public pages drawn on the server (decision 0038): their HTML, read without running any script, already says
// what the page says in the reader's language; the app then hydrates it without an error or a shift; the shared
// memory page is whole without JavaScript; the signed-in home and gallery are drawn for the person, in their zone;
// and every route names itself in the tab, in English and French.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enAuth from '../src/web/locales/en/auth.json' with { type: 'json' };
import enCommunity from '../src/web/locales/en/community.json' with { type: 'json' };
import enLanding from '../src/web/locales/en/landing.json' with { type: 'json' };
import enPrivacy from '../src/web/locales/en/privacy.json' with { type: 'json' };
import frAuth from '../src/web/locales/fr/auth.json' with { type: 'json' };
import frCommunity from '../src/web/locales/fr/community.json' with { type: 'json' };
import frLanding from '../src/web/locales/fr/landing.json' with { type: 'json' };
import frPrivacy from '../src/web/locales/fr/privacy.json' with { type: 'json' };
import { TIME_ZONE_COOKIE } from '@shared/limits';
import { openPage, waitForHydration } from './support/browser';
import { SSR_DIR } from './support/paths';
import { ui } from './support/texts';
import { sharedUi } from './support/shared-texts';
import { addMemoriesForEach } from './support/database';
import { setupSuite } from './support/suite';
import { newUser, registerViaApi, sessionCookieViaApi, signInViaApi, type TestUser } from './support/users';

const s = setupSuite();

/** What each public page must say before any script runs, per language (HTML-escaped as React writes it). */
const PAGES = {
  en: { '/': enLanding.tagline, '/auth': enAuth.title, '/community': enCommunity.title, '/privacy-policy': enPrivacy.title },
  fr: { '/': frLanding.tagline, '/auth': frAuth.title, '/community': frCommunity.title, '/privacy-policy': frPrivacy.title },
} as const;

const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

/** A title that tries to close the page's script and to be read as a replacement pattern. */
const HOSTILE_TITLE = `</script><script>window.__owned=1</script> $& $' "quoted"`;

let owner: TestUser;
/** A second person with a memory of their own, for pages drawn for several people at once. */
let other: TestUser;
let token: string;
let hostileToken: string;
let memoryId: string;

beforeAll(async () => {
  owner = await registerViaApi(s.app, newUser({ firstName: 'Maëlle', language: 'fr' }));
  other = await registerViaApi(s.app, newUser({ firstName: 'Bastien', language: 'en' }));
  token = randomBytes(32).toString('hex');
  hostileToken = randomBytes(32).toString('hex');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  // Both people in one stop of the app (each stop is a restart, several seconds on a busy machine).
  const [ownerIds] = await addMemoriesForEach(s.app, [
    {
      email: owner.email,
      memories: [
        { title: 'Lanterns on the river', createdAt: day(1), shareToken: token, poeticSummary: 'The water carried the small lights away, one by one.' },
        { title: HOSTILE_TITLE, createdAt: day(2), shareToken: hostileToken, poeticSummary: 'A <b>bold</b> $& reflection.' },
      ],
    },
    { email: other.email, memories: [{ title: 'The harbour at dawn', createdAt: new Date().toISOString() }] },
  ]);
  memoryId = ownerIds![0]!;
});

async function htmlOf(path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; cache: string | null }> {
  const res = await fetch(`${s.app.baseUrl}${path}`, { headers });
  return { status: res.status, html: await res.text(), cache: res.headers.get('cache-control') };
}

/** The sum of the page's layout shifts so far (what CLS is made of), read from the browser's own record. */
/**
 * The most layout shift a page may show: a fortieth of what counts as "good" for a page (0.02). A font that arrives
 * after the first paint on a busy machine can move a line by a fraction of a pixel (about 0.0001); a picture or a
 * block that appears without its box reserved scores hundreds of times more.
 */
const NO_VISIBLE_SHIFT = 0.0005;

/** The most a page may move when its web fonts come after its first paint: a quarter of what counts as "good". */
const LATE_FONT_SHIFT = 0.005;

/** The page's layout shifts so far, summed, with what moved (tag, classes, from → to) to explain any. */
async function layoutShift(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as unknown as { value: number; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
            total += shift.value;
            for (const source of shift.sources ?? []) {
              const el = source.node instanceof Element ? source.node : source.node?.parentElement;
              const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
              moved.push(`${el?.tagName ?? '#text'}.${el?.className ?? ''} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved }), 300);
      }),
  );
}

/** What a new connection delivers before its first acknowledgement: ten packets of 1 460 bytes. */
const FIRST_ROUND_TRIP = 14_600;

/** How every element of the page is drawn: the properties its rules set, not those that follow from the text's width. */
async function drawnStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const properties = [
      'display', 'position', 'color', 'background-color', 'background-image', 'font-family', 'font-size', 'font-weight', 'font-style',
      'line-height', 'letter-spacing', 'text-align', 'text-transform', 'text-decoration-line', 'padding-top', 'padding-right',
      'padding-bottom', 'padding-left', 'margin-top', 'margin-bottom', 'border-top-width', 'border-top-color', 'border-top-left-radius',
      'box-shadow', 'opacity', 'max-width', 'flex-direction', 'justify-content', 'align-items', 'row-gap', 'column-gap',
      'list-style-type', 'visibility', 'overflow-x', 'z-index', 'fill', 'stroke', 'white-space', 'animation-name',
    ];
    return [...document.querySelectorAll('body *')].map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${properties.map((name) => style.getPropertyValue(name)).join('|')}`;
    });
  });
}

/**
 * Watches a page's hydration alone: the console's errors and warnings, collected. When the web fonts arrive is
 * another matter (decision 0086): on a loaded machine they can come after the first paint, even from the cache, and
 * the swap from the fallback face then moves text whatever the code does. Here they never come, so the page keeps its
 * fallback faces throughout.
 */
async function hydrationErrors(context: BrowserContext, page: Page): Promise<string[]> {
  await context.route(/\.woff2$/, (route) => route.fulfill({ status: 404, body: '' }));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.location().url.endsWith('.woff2')) return;
    // The browser tier blocks service workers, and says so in a warning of its own.
    if (message.type() === 'error' || (message.type() === 'warning' && !message.text().includes('Service Worker registration blocked'))) {
      errors.push(`${message.type()}: ${message.text()}`);
    }
  });
  return errors;
}

/** Holds the app's code back until the answer is called, as a slow phone would: the page stays as drawn. */
async function holdAppCode(context: BrowserContext): Promise<() => void> {
  return holdRequests(context, /\/assets\/start-[\w-]+\.js$/);
}

/** Holds every request for those files until the answer is called, then lets them all through. */
async function holdRequests(context: BrowserContext, files: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(files, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The app has taken the page over (on the landing, community and privacy pages, after a first key press). */
async function hydrated(page: Page) {
  await waitForHydration(page);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
}

/** The page's scripts from the server, by path, as they download. */
function scriptsLoadedBy(page: Page): string[] {
  const paths: string[] = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) paths.push(new URL(response.url()).pathname);
  });
  return paths;
}

describe('server-rendered public pages', () => {
  it('sends each public page with its text in the reader’s language, from the cookie or else Accept-Language', async () => {
    for (const language of ['en', 'fr'] as const) {
      for (const [path, text] of Object.entries(PAGES[language])) {
        const { status, html } = await htmlOf(path, { 'accept-language': language === 'fr' ? 'fr-FR,fr;q=0.9,en;q=0.5' : 'en-GB,en;q=0.9' });
        expect(status, path).toBe(200);
        expect(html, `${path} in ${language}`).toContain(`<html lang="${language}" data-rendered`);
        expect(html, `${path} in ${language}`).toContain(htmlText(text));
        // None of them runs a script at once: their styles are in them, nothing more to fetch before the first paint.
        expect(html, path).toMatch(/<style data-stylesheet="\/assets\/[\w-]+\.rules\.css">[^<]*@font-face/);
        expect(html, path).not.toContain('rel="stylesheet"');
      }
    }
    // The choice made on this browser wins over what the browser asks for.
    const { html } = await htmlOf('/auth', { 'accept-language': 'en', cookie: 'souvenir_language=fr' });
    expect(html).toContain(htmlText(frAuth.title));
    expect(html).toContain('<title>Connexion · Souvenir</title>');
    // Should the browser ever send the form itself (scripts off), the password never goes into the address.
    expect(html).toMatch(/<form[^>]* method="post"/);
  });

  it('puts the shared memory’s picture, title, date, reflection and previews in its HTML, with no script at all', async () => {
    const { html, cache } = await htmlOf(`/shared/${token}`, { 'accept-language': 'fr' });
    expect(cache).toBe('public, no-cache');
    expect(html).toContain('<title>Lanterns on the river · Souvenir</title>');
    expect(html).toMatch(/<h1[^>]*>Lanterns on the river<\/h1>/);
    expect(html).toContain('The water carried the small lights away, one by one.');
    expect(html).toMatch(/<time[^>]*dateTime="[^"]+"/i);
    expect(html).toMatch(/<img[^>]*alt="Lanterns on the river"/);
    expect(html).toContain('<meta property="og:title" content="Lanterns on the river" />');
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchpriority="high"/);
    expect(html).not.toMatch(/<script(?![^>]*application\/json)/);
  });

  it('offers the shared picture’s WebP renditions in its HTML, and preloads the same srcset', async () => {
    // The memory was added while the app was stopped: its start-up pass makes the renditions in the background.
    await expect
      .poll(async () => ((await (await fetch(`${s.app.baseUrl}/api/shared/${token}`)).json()) as { imageSources: unknown[] }).imageSources.length, { timeout: 20_000 })
      .toBe(3);
    const { html } = await htmlOf(`/shared/${token}`);
    const img = /<img[^>]*alt="Lanterns on the river"[^>]*>/.exec(html)?.[0] ?? '';
    const srcset = /srcSet="([^"]+)"/i.exec(img)?.[1];
    expect(srcset).toMatch(/^\/files\/memories\/[^ ]+\.w480\.webp 480w, [^ ]+\.w768\.webp 768w, [^ ]+\.w1024\.webp 1024w$/);
    expect(img).toMatch(/src="\/files\/memories\/[^"]+\.png"/);
    expect(img).toMatch(/sizes="\(min-width: 500px\) 500px, 100vw"/);
    expect(html).toContain(`imagesrcset="${srcset}" imagesizes="(min-width: 500px) 500px, 100vw" fetchpriority="high"`);
    // Link previews keep the PNG.
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\.png" \/>/);
  });

  it('says "not found" in the HTML of an unknown or taken-back link, and switches language from the address', async () => {
    const unknown = await htmlOf(`/shared/${randomBytes(32).toString('hex')}`, { 'accept-language': 'fr' });
    expect(unknown.html).toMatch(new RegExp(`<h1[^>]*>${sharedUi('fr').notFoundTitle}</h1>`));
    expect(unknown.html).not.toContain('aria-busy');

    // `?lang=` is how the page without scripts switches: drawn in that language, and remembered in the cookie.
    const res = await fetch(`${s.app.baseUrl}/shared/${token}?lang=fr`, { headers: { 'accept-language': 'en' } });
    const html = await res.text();
    expect(html).toContain('<html lang="fr" data-rendered');
    expect(html).toContain(`>${sharedUi('fr').reflection}</h2>`);
    expect(res.headers.get('set-cookie')).toMatch(/^souvenir_language=fr; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const plain = await fetch(`${s.app.baseUrl}/shared/${token}`, { headers: { 'accept-language': 'en' } });
    expect(plain.headers.get('set-cookie')).toBeNull();
  });

  it('escapes what people write: a title cannot close a script or act as a replacement pattern', async () => {
    const { html } = await htmlOf(`/shared/${hostileToken}`);
    expect(html).not.toContain('<script>window.__owned');
    expect(html).toContain(`<title>${htmlText(HOSTILE_TITLE).replace(/&#x27;/g, '&#39;')} · Souvenir</title>`);
    expect(html).toContain('A &lt;b&gt;bold&lt;/b&gt; $&amp; reflection.');

    const { page } = await openPage(s.browser);
    await page.goto(`${s.app.baseUrl}/shared/${hostileToken}`);
    await expect.poll(() => page.title()).toBe(`${HOSTILE_TITLE} · Souvenir`);
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  });

  it('reads the shared memory with JavaScript turned off', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto(`${s.app.baseUrl}/shared/${token}`);
      await page.getByRole('heading', { level: 1, name: 'Lanterns on the river' }).waitFor();
      await page.getByText('The water carried the small lights away, one by one.').waitFor();
      const image = page.getByRole('img', { name: 'Lanterns on the river' });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      expect(await page.getByRole('link', { name: 'Souvenir' }).first().getAttribute('href')).toBe('/');
      expect(await page.title()).toBe('Lanterns on the river · Souvenir');

      // The language switch works without scripts too: two links the server answers, the choice then remembered.
      const fr = sharedUi('fr');
      const en = sharedUi('en');
      await page.getByRole('region', { name: fr.reflection }).waitFor();
      await page.getByRole('navigation', { name: fr.language }).getByRole('link', { name: 'EN', exact: true }).click();
      await page.getByRole('region', { name: en.reflection }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await page.goto(`${s.app.baseUrl}/shared/${token}`);
      await page.getByRole('region', { name: en.reflection }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('hydrates every public page without a console error or a visible layout shift', async () => {
    for (const path of Object.keys(PAGES.en)) {
      const { page, context } = await openPage(s.browser, { mobile: true });
      const errors = await hydrationErrors(context, page);
      await page.goto(`${s.app.baseUrl}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(errors, path).toEqual([]);
      const shift = await layoutShift(page);
      expect(shift.total, `${path}: ${shift.moved.join('; ')}`).toBeLessThan(NO_VISIBLE_SHIFT);
    }

    // The shared memory has nothing to hydrate: it is whole as it arrives, and its artwork's box is reserved.
    const { page } = await openPage(s.browser, { mobile: true });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto(`${s.app.baseUrl}/shared/${token}`);
    const image = page.getByRole('img', { name: 'Lanterns on the river' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join('; ')).toBeLessThan(NO_VISIBLE_SHIFT);
  });

  it('draws with React’s production build whatever NODE_ENV the server runs with, from its own bundle', async () => {
    // `npm start` runs without NODE_ENV=production; React resolved from node_modules then picked its development build
    // and drew each page two to seven times slower.
    const files = readdirSync(SSR_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    const code = files.map((file) => readFileSync(join(SSR_DIR, file), 'utf8')).join('\n');
    // A warning only React's development build carries.
    expect(code).not.toContain('Each child in a list should have a unique');
    const imports = [...code.matchAll(/^(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"/gm)].map((match) => match[1]!);
    expect(imports.length).toBeGreaterThan(0);
    const packages = imports.filter((name) => !name.startsWith('.') && !isBuiltin(name));
    expect(packages, 'packages the bundle would resolve at run time').toEqual([]);
  });

  it('barely moves when the web fonts come after the first paint, in English and in French', async () => {
    // The text is painted at once in fallback faces sized to Inter's and Fraunces' metrics (src/web/fonts.css).
    // Unsized, the wider system serif put the French sign-in heading on two lines until Fraunces came (0.077).
    for (const [path, locale] of [['/', 'en-US'], ['/auth', 'fr-FR'], ['/privacy-policy', 'fr-FR']] as const) {
      const { page, context } = await openPage(s.browser, { mobile: true, locale });
      const release = await holdRequests(context, /\.woff2$/);
      await page.goto(`${s.app.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'));
      release();
      await page.waitForFunction(() => [...document.fonts].filter((font) => font.status === 'loaded' && font.family.endsWith('Variable')).length >= 2);
      const shift = await layoutShift(page);
      expect(shift.total, `${path}: ${shift.moved.join('; ')}`).toBeLessThan(LATE_FONT_SHIFT);
    }
  });

  it('sends each drawn page whole within the first round trip of a new connection, in English and in French', async () => {
    // A new connection delivers about 14.6 KB (ten packets) before it waits for the phone's first acknowledgement;
    // one byte more and the first paint waits one more round trip (150 ms on a slow 4G link). The page carries only
    // the styles its HTML uses for this.
    for (const language of ['en', 'fr'] as const) {
      for (const path of [...Object.keys(PAGES[language]), `/shared/${token}`]) {
        const res = await fetch(`${s.app.baseUrl}${path}`, { headers: { 'accept-encoding': 'br', 'accept-language': language } });
        await res.arrayBuffer();
        const head = [...res.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 'HTTP/1.1 200 OK\r\n\r\n'.length);
        expect(res.headers.get('content-encoding'), path).toBe('br');
        expect(head + Number(res.headers.get('content-length')), `${path} in ${language}, bytes on the wire`).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
      }
    }
  });

  it('draws a page the same with its own styles as with the whole stylesheet, which the app loads as it starts', async () => {
    for (const path of [...Object.keys(PAGES.en), `/shared/${token}`]) {
      const { page } = await openPage(s.browser, { mobile: true });
      await page.goto(`${s.app.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      const carried = await drawnStyles(page);
      await page.evaluate(async () => {
        const own = document.querySelector<HTMLStyleElement>('style[data-stylesheet]')!;
        const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: own.dataset.stylesheet! });
        await new Promise((resolve, reject) => {
          link.onload = resolve;
          link.onerror = reject;
          own.after(link);
        });
        await document.fonts.ready;
      });
      expect(await drawnStyles(page), path).toEqual(carried);
    }

    // Once the app runs, what it draws next has its styles: here the community page, reached without a reload.
    const { page } = await openPage(s.browser, { mobile: true });
    await page.goto(`${s.app.baseUrl}/privacy-policy`);
    await hydrated(page);
    const t = ui('en');
    await page.getByRole('navigation', { name: t.mainNav }).getByRole('link', { name: t.community }).first().click();
    const eyebrow = page.getByText(enCommunity.eyebrow, { exact: true });
    await eyebrow.waitFor();
    expect(await eyebrow.evaluate((element) => getComputedStyle(element).textTransform)).toBe('uppercase');
  });

  it('shows a drawn page in its first paint: no entrance fade, and only the upright faces on the landing page', async () => {
    for (const path of ['/', '/privacy-policy', `/shared/${token}`]) {
      const { page } = await openPage(s.browser, { mobile: true });
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${s.app.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      // A fade would start the page at opacity 0 and hold back its largest paint for as long as it lasts.
      const entrance = page.locator('[data-entrance]');
      expect(await entrance.count(), path).toBe(1);
      expect(await entrance.evaluate((element) => getComputedStyle(element).animationName), path).toBe('none');
      if (path === '/') expect(fonts.some((font) => font.includes('italic')), fonts.join(', ')).toBe(false);
    }
  });
});

describe('public pages that load the app when used', () => {
  it('loads only the first small script on the landing, sign-in, community and privacy pages until someone uses them', async () => {
    for (const path of ['/', '/auth', '/community', '/privacy-policy']) {
      const { html } = await htmlOf(path);
      expect(html, path).toContain('data-hydrate="interaction"');
      expect(html, `${path} names none of the app's chunks`).not.toContain('rel="modulepreload"');
      const { page } = await openPage(s.browser, { mobile: true });
      const scripts = scriptsLoadedBy(page);
      await page.goto(`${s.app.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect(scripts, path).toHaveLength(1);
      expect(await page.locator('html').getAttribute('data-hydrated'), path).toBeNull();
      // The first key press loads the app, which takes the page over.
      await hydrated(page);
      expect(scripts.length, path).toBeGreaterThan(1);
    }
  });

  it('signs in with what was typed and pressed before the app had loaded, and opens the tab pressed then', async () => {
    const user = await registerViaApi(s.app, newUser({ firstName: 'Anouk' }));
    const t = ui('en');
    const { context, page } = await openPage(s.browser, { mobile: true });
    // The app's code is held back until the form is filled and its button pressed, as on a slow phone.
    const release = await holdAppCode(context);
    await page.goto(`${s.app.baseUrl}/auth`);
    const form = page.getByRole('tabpanel');
    await form.getByLabel(t.email).fill(user.email);
    await form.getByLabel(t.password, { exact: true }).fill(user.password);
    await form.getByRole('button', { name: t.signIn, exact: true }).click();
    expect(await page.locator('html').getAttribute('data-hydrated'), 'the press came before the app').toBeNull();
    expect(new URL(page.url()).pathname, 'the browser did not send the form itself').toBe('/auth');
    release();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { level: 1, name: t.greeting(user.firstName) }).waitFor();

    // A tab is chosen as it is pressed (mousedown): the press given again after the load chooses it too.
    const other = await openPage(s.browser, { mobile: true });
    const releaseOther = await holdAppCode(other.context);
    await other.page.goto(`${s.app.baseUrl}/auth`);
    await other.page.getByRole('tab', { name: t.registerTab }).click();
    expect(await other.page.locator('html').getAttribute('data-hydrated')).toBeNull();
    releaseOther();
    await other.page.getByRole('tabpanel').getByLabel(t.firstName).waitFor();
  });

  it('answers a button pressed before the app has loaded, once it has: the landing page’s language switch', async () => {
    const { page } = await openPage(s.browser, { locale: 'en-US' });
    await page.goto(`${s.app.baseUrl}/`);
    await page.getByText(enLanding.tagline).waitFor();
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await page.getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByText(frLanding.tagline).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.getByRole('button', { name: 'FR', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  it('follows the landing page’s links and switches the policy’s language with JavaScript turned off', async () => {
    const context = await s.browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${s.app.baseUrl}/`);
      await page.getByRole('link', { name: enLanding.email }).click();
      await page.getByText(enAuth.title).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');

      await page.goto(`${s.app.baseUrl}/privacy-policy`);
      const group = page.getByRole('group', { name: enPrivacy.language.label });
      await group.getByRole('link', { name: 'Français', exact: true }).click();
      await page.locator('article[lang="fr"]').waitFor();
      expect(await group.getByRole('link', { name: 'Français', exact: true }).getAttribute('aria-current')).toBe('true');
      expect(new URL(page.url()).searchParams.get('language')).toBe('fr');
      // Only the policy's language changed, not the interface's.
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    } finally {
      await context.close();
    }
  });
});

// A page's code can take more than expect.poll's default second to arrive on a busy 2-core machine.
const TITLE_WAIT = { timeout: 10_000 };

describe('titles and focus', () => {
  it('names each route in the tab in English and in French, and moves the focus to the new page’s heading', async () => {
    const { page } = await openPage(s.browser, { locale: 'en-US' });
    await page.goto(`${s.app.baseUrl}/`);
    await hydrated(page);
    expect(await page.title()).toBe('Souvenir — your day, kept as a work of art');
    await page.getByRole('link', { name: enLanding.email }).click();
    await expect.poll(() => page.title(), TITLE_WAIT).toBe('Sign in · Souvenir');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), TITLE_WAIT).toBe('H1');

    // Signed in (their profile says French): the gallery, a memory, and the shared page.
    const { context: frContext, page: fr } = await openPage(s.browser, { locale: 'fr-FR' });
    await signInViaApi(frContext, s.app, owner);
    await fr.goto(`${s.app.baseUrl}/home`);
    await expect.poll(() => fr.title(), TITLE_WAIT).toBe('Accueil · Souvenir');
    await fr.getByRole('navigation').getByRole('link', { name: 'Souvenirs' }).click();
    await expect.poll(() => fr.title(), TITLE_WAIT).toBe('Tes souvenirs · Souvenir');
    await expect.poll(() => fr.evaluate(() => document.activeElement?.tagName), TITLE_WAIT).toBe('H1');
    await fr.goto(`${s.app.baseUrl}/home/memories/${memoryId}`);
    await expect.poll(() => fr.title(), TITLE_WAIT).toBe('Lanterns on the river · Souvenir');

    const { context: enContext, page: en } = await openPage(s.browser, { locale: 'en-US' });
    await signInViaApi(enContext, s.app, await registerViaApi(s.app, newUser({ language: 'en' })));
    await en.goto(`${s.app.baseUrl}/home/memories`);
    await expect.poll(() => en.title(), TITLE_WAIT).toBe('Your memories · Souvenir');
  });

  it('puts who is signed in into the page, never stored, so the signed-in frame does not ask for it', async () => {
    const { context, page } = await openPage(s.browser);
    await signInViaApi(context, s.app, owner);
    const apiMe: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') apiMe.push(request.url());
    });
    const response = await page.goto(`${s.app.baseUrl}/home`);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(apiMe).toEqual([]);
  });
});

/** Far from the server's own zone (UTC): a date drawn in the wrong one would often read as another day here. */
const KIRITIMATI = 'Pacific/Kiritimati';
const zoneCookie = (zone: string) => `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;

describe('signed-in pages drawn by the server', () => {
  it('draws the home and the gallery for the person, in their language, never stored, once the browser told its zone', async () => {
    const session = await sessionCookieViaApi(s.app, owner);
    const fr = ui('fr');
    for (const [path, title, text] of [
      ['/home', 'Accueil · Souvenir', fr.greeting(owner.firstName)],
      ['/home/memories', 'Tes souvenirs · Souvenir', 'Lanterns on the river'],
    ] as const) {
      const { status, html, cache } = await htmlOf(path, { cookie: `${session}; ${zoneCookie(KIRITIMATI)}`, 'accept-language': 'en' });
      expect(status, path).toBe(200);
      expect(cache, path).toBe('no-store');
      // The profile's language, not the browser's; read as drawn, the app loading at the first interaction.
      expect(html, path).toContain('<html lang="fr" data-rendered data-hydrate="interaction"');
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(htmlText(text));
      // Who is signed in and what the page asked are in it, for the app to start from.
      expect(html, path).toMatch(/<script type="application\/json" id="souvenir-state">\{"me":\{/);
    }
    const gallery = (await htmlOf('/home/memories', { cookie: `${session}; ${zoneCookie(KIRITIMATI)}` })).html;
    expect(gallery).not.toContain('<script>window.__owned');
    expect(gallery).toContain(htmlText(HOSTILE_TITLE));

    // Without a zone (or with one that does not exist) the dates would be the server's: the app draws the page itself.
    for (const cookie of [session, `${session}; ${TIME_ZONE_COOKIE}=Mars%2FOlympus`, `${session}; ${TIME_ZONE_COOKIE}=%E0%A4%A`]) {
      const { status, html } = await htmlOf('/home', { cookie });
      expect(status).toBe(200);
      expect(html).toContain('<html lang="fr">');
      expect(html).not.toContain(htmlText(fr.greeting(owner.firstName)));
      // The shell links the stylesheet, which the browser keeps for the app's other pages.
      expect(html).toContain('rel="stylesheet"');
    }
    // Signed out, the zone alone draws nothing of anyone's.
    const { html } = await htmlOf('/home/memories', { cookie: zoneCookie(KIRITIMATI) });
    expect(html).not.toContain('data-rendered');
    expect(html).not.toContain('Lanterns on the river');
  });

  it('gives each person their own page when many are drawn at once', async () => {
    const people = [
      { session: await sessionCookieViaApi(s.app, owner), mine: 'Lanterns on the river', theirs: 'The harbour at dawn' },
      { session: await sessionCookieViaApi(s.app, other), mine: 'The harbour at dawn', theirs: 'Lanterns on the river' },
    ];
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, index) => {
        const person = people[index % 2]!;
        return htmlOf('/home/memories', { cookie: `${person.session}; ${zoneCookie('Europe/Paris')}` }).then(({ html }) => ({ person, html }));
      }),
    );
    for (const { person, html } of pages) {
      expect(html).toContain('data-rendered');
      expect(html).toContain(person.mine);
      expect(html).not.toContain(person.theirs);
    }
  });

  it('hydrates the drawn pages without an error or a shift, and answers a button pressed before the app has loaded', async () => {
    const fr = ui('fr');
    const { context, page } = await openPage(s.browser, { mobile: true, locale: 'fr-FR', timezoneId: KIRITIMATI });
    await signInViaApi(context, s.app, owner);
    await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(KIRITIMATI), url: s.app.baseUrl }]);
    const errors = await hydrationErrors(context, page);

    await page.goto(`${s.app.baseUrl}/home/memories`);
    expect(await page.locator('html').getAttribute('data-rendered')).toBe('');
    const drawn = await page.locator('#main').innerText();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#main').innerText(), 'the app draws what the server drew, dates included').toBe(drawn);
    expect(errors).toEqual([]);
    const shift = await layoutShift(page);
    expect(shift.total, shift.moved.join('; ')).toBeLessThan(NO_VISIBLE_SHIFT);

    // On the home, the main button pressed before the app has run is pressed again once it has.
    await page.goto(`${s.app.baseUrl}/home`);
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await page.getByRole('button', { name: fr.homeStart }).click();
    await page.waitForURL((url) => url.pathname === '/home/chat');
    expect(errors).toEqual([]);
  });

  it('loads the app at once on the home that opens the welcome-back dialog by itself', async () => {
    const { context, page } = await openPage(s.browser, { timezoneId: KIRITIMATI });
    const user = await registerViaApi(s.app, newUser({ firstName: 'Rosalie' }));
    // The second sign-in is the session the dialog greets.
    await signInViaApi(context, s.app, user);
    await signInViaApi(context, s.app, user);
    await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(KIRITIMATI), url: s.app.baseUrl }]);
    await page.clock.install();
    await page.goto(`${s.app.baseUrl}/home`);
    expect(await page.locator('html').getAttribute('data-rendered')).toBe('');
    expect(await page.locator('html').getAttribute('data-hydrate')).toBeNull();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.clock.runFor(1_000);
    await page.getByRole('dialog', { name: ui('en').welcomeBackTitle }).waitFor();
  });
});
