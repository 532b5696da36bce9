import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { MeResponse } from '@shared/contracts/me';
import { ianaTimeZoneSchema } from '@shared/contracts/memories';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, TIME_ZONE_COOKIE, WELCOME_BACK_SESSION_COUNT, type Language } from '@shared/limits';
import { escapeHtml } from '../html';
import { rulesFileOf, stylesForPages } from './page-styles';
import { createPublicPageCache } from './public-page-cache';

/** What src/web/entry-server.tsx exports once built into dist/ssr (the server never imports the web's sources). */
interface ServerRenderModule {
  render(input: {
    url: string;
    language: Language;
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
    me?: MeResponse | null;
    timeZone?: string;
    signal?: AbortSignal;
  }): Promise<{ html: string; title: string; state: unknown }>;
}

/**
 * The longest the server spends drawing a page, its data reads included. A drawn page only saves the browser a
 * moment: past this the page is sent undrawn and the app draws it in the browser, as it would without server drawing.
 * An ordinary page takes tens of milliseconds; this is for a read that hangs. It is longer than the privacy
 * policy's own drawing limit (2 s), so a stored policy that falls back to plain text is still sent drawn.
 */
export const RENDER_LIMIT_MS = 4_000;

class RenderTimeout extends Error {
  constructor() {
    super('server render took too long');
    this.name = 'RenderTimeout';
  }
}

/** A page's HTML, ready to send. */
export interface RenderedPage {
  html: string;
  /** `no-store` when the page holds the person's own session state, `no-cache` otherwise. */
  cacheControl: string;
  /** Headers the page's HTML depends on, for caches in between. */
  vary: string;
  /** The language cookie, when the address chose a language (`?lang=`): the choice holds for the next pages. */
  setCookie?: string;
  /** A page drawn for nobody, kept and served again: its validator, and its compressed bodies so far. */
  etag?: string;
  encoded?: Map<string, Buffer>;
}

/**
 * An anonymous public page may be stored by a CDN or a proxy cache, which must ask again each time (`no-cache`): the
 * ETag makes that a 304 when nothing changed, and a revoked link or a saved policy is seen at once.
 */
const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** What the shared page adds to its head: the link previews' tags (shared-page-head.ts) and its picture's preload. */
export interface ExtraHead {
  tags: string;
  /** The page's own title, plain text, for when the server bundle cannot draw the page. */
  title?: string | null;
}

export interface PageRenderOptions {
  /** dist/web: index.html is the template, .vite/manifest.json names each page's chunks. */
  webDir: string;
  /** dist/ssr/entry-server.js; without it every page is drawn in the browser, as before. */
  ssrEntry: string;
  /** The head tags of a public page that has its own (a shared memory's previews), or null. */
  extraHead: (pathname: string, language: Language, request: FastifyRequest) => Promise<ExtraHead | null>;
  /** RENDER_LIMIT_MS unless given. */
  renderLimitMs?: number;
  /**
   * Whether kept pages may be served now: false while this process could miss another's changes (its line to the
   * shared database's notices is down), when every page is drawn afresh.
   */
  keptPagesUsable?: () => boolean;
}

/**
 * The public pages the server draws, and the page modules each hydrates with (their chunks are preloaded when the app
 * runs at once). The shared memory page is complete without any script: it is sent without the app's (decision 0038).
 * The others work as they are drawn (real links; a press held and given again) and load the app at the reader's
 * first interaction (`onInteraction`, decisions 0085 and 0089): nothing of the app is preloaded for them.
 */
const SERVER_RENDERED: { pattern: RegExp; modules: string[]; scripts: boolean; onInteraction?: boolean }[] = [
  { pattern: /^\/$/, modules: ['features/landing/pages/landing-page.tsx'], scripts: true, onInteraction: true },
  // Its forms work from the first key or tap: what is typed before the app runs stays, and a press is given again.
  { pattern: /^\/auth\/?$/, modules: ['features/auth/pages/auth-page.tsx'], scripts: true, onInteraction: true },
  { pattern: /^\/shared\/[^/]*\/?$/, modules: [], scripts: false },
  { pattern: /^\/community\/?$/, modules: ['app/main-layout.tsx', 'features/community/pages/community-page.tsx'], scripts: true, onInteraction: true },
  {
    pattern: /^\/privacy-policy\/?$/,
    modules: ['app/main-layout.tsx', 'features/privacy-policy/pages/privacy-policy-page.tsx'],
    scripts: true,
    onInteraction: true,
  },
  { pattern: /^\/safety\/?$/, modules: ['app/main-layout.tsx', 'features/safety-page/pages/safety-page.tsx'], scripts: true, onInteraction: true },
];

/**
 * The signed-in pages the server draws for the person, with their own answers, in the zone their browser reported:
 * the two a person opens the app on. Like the landing page they work as drawn (their links are real links) and load
 * the app at the first interaction, unless the page has something to do on its own as it loads (`atOnce`)
 * (docs/decisions/0087-server-drawn-signed-in-pages.md). Every other signed-in page is the app's shell with who they
 * are in it.
 */
const SIGNED_IN_RENDERED: { pattern: RegExp; modules: string[]; atOnce?: (me: MeResponse, search: string) => boolean }[] = [
  {
    pattern: /^\/home\/?$/,
    modules: ['app/main-layout.tsx', 'app/protected-route.tsx', 'features/home/pages/home-page.tsx'],
    // The welcome-back dialog opens by itself a second after this home loads.
    atOnce: (me) => me.profile.sessionCount === WELCOME_BACK_SESSION_COUNT,
  },
  {
    pattern: /^\/home\/memories\/?$/,
    modules: ['app/main-layout.tsx', 'app/protected-route.tsx', 'features/memories/pages/gallery-page.tsx'],
    // An address with a filter or a page may need the app to correct it as it loads (a page past the last goes back
    // to the first, an unreadable filter is dropped); the plain gallery, the usual way in, waits for the person.
    atOnce: (_me, search) => search.length > 1,
  },
];

/** The zone the app last reported from this browser (src/web/lib/time-zone.ts), if it names a real one. */
function timeZoneOf(cookie: string | undefined): string | null {
  const raw = cookieValue(cookie, TIME_ZONE_COOKIE);
  if (!raw) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return ianaTimeZoneSchema.safeParse(zone).success ? zone : null;
}

/** The app's code, which the page's first script (src/web/main.tsx) imports: preloaded wherever it runs at once. */
const APP_MODULE = 'start.tsx';

/** The texts a page waits for: the public pages' in its language, and the app's too inside the signed-in frame. */
function localeChunks(manifest: Manifest, language: Language, frame: boolean): string[] {
  const groups = [`locales-${language}-public`, ...(frame ? [`locales-${language}`] : [])];
  return groups.map((group) => Object.keys(manifest).find((key) => new RegExp(`^_${group}-[A-Za-z0-9_-]{8}\\.js$`).test(key))).filter((key): key is string => Boolean(key));
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

const isLanguage = (value: string | null | undefined): value is Language => LANGUAGES.includes(value as Language);

/** The reader's language: their choice on this browser (a cookie), else the first of ours their browser asks for. */
export function negotiateLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = cookieValue(cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asked.map(({ language }) => language).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** A language named in the address (`?lang=fr`): how a page without scripts (the shared memory) switches language. */
export function languageInQuery(url: string): Language | null {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const asked = new URLSearchParams(query).get('lang');
  return isLanguage(asked) ? asked : null;
}

/** The same cookie the language switch sets in the browser (src/web/lib/language.ts): a year, the whole site. */
const languageCookie = (language: Language) => `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;

/** JSON inside <script type="application/json">: nothing in it can close the element or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface Manifest {
  [source: string]: { file: string; imports?: string[]; isEntry?: boolean };
}

/** Every chunk a module needs, the module's own first. */
function chunksOf(manifest: Manifest, source: string, seen = new Set<string>()): string[] {
  const entry = manifest[source];
  if (!entry || seen.has(source)) return [];
  seen.add(source);
  return [entry.file, ...(entry.imports ?? []).flatMap((dependency) => chunksOf(manifest, dependency, seen))];
}

/** Assembles a page from the built index.html. Every replacement is a function, so `$&` in a title stays text. */
export function assemblePage(
  template: string,
  page: {
    language: Language;
    rendered: boolean;
    /** The app loads at the first interaction (src/web/lib/deferred-hydration.ts), not at once. */
    onInteraction?: boolean;
    title?: string;
    head?: string;
    body?: string;
    state: unknown;
    scripts: boolean;
    preload?: string[];
    /**
     * The app's own chunk, run as a script of the page rather than only imported by the first script: the browser
     * then runs it as soon as it and its chunks are in. For a drawn page that runs the app at once (the home that opens
     * the welcome-back dialog); it once took /auth's first paint from 2.4 to 1.1 s in Lighthouse's mobile run, and on
     * the client-drawn shell it measured worse (decision 0085).
     */
    appScript?: string;
  },
): string {
  const marks = `${page.rendered ? ' data-rendered' : ''}${page.onInteraction ? ' data-hydrate="interaction"' : ''}`;
  let html = template.replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"${marks}`);
  if (page.title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title!)}</title>`);
  if (!page.scripts) html = html.replace(/\s*<script type="module"[^>]*><\/script>/g, () => '').replace(/\s*<link rel="modulepreload"[^>]*>/g, () => '');
  const app = page.scripts && page.appScript ? [`<script type="module" crossorigin src="/${escapeHtml(page.appScript)}"></script>`] : [];
  const head = [page.head ?? '', ...app, ...(page.preload ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)]
    .filter(Boolean)
    .join('\n    ');
  if (head) html = html.replace('</head>', () => `  ${head}\n  </head>`);
  const state = page.scripts ? `<script type="application/json" id="souvenir-state">${jsonForHtml(page.state)}</script>` : '';
  return html.replace('<div id="root"></div>', () => `<div id="root">${page.body ?? ''}</div>${state}`);
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;
/** Where a drawn page's own styles go; `data-stylesheet` names the stylesheet the app links as it starts (every rule but the fonts). */
const PAGE_STYLES = /<style data-stylesheet="[^"]*"><\/style>/;

/**
 * The drawn pages that run no script at once (the shared memory, and the pages that load the app at the first
 * interaction) carry their styles instead of linking them: they are painted as soon as their HTML is in, without one
 * more request before the first paint on a slow network. Each carries only the rules its HTML uses (page-styles.ts),
 * so the page stays within what a new connection delivers in its first round trip. A page that runs the app at once
 * keeps the link: there the stylesheet is what lets the browser paint before running the scripts, and inlined it
 * measured a first paint 1.1 → 3.2 s in Lighthouse's mobile run. The shell keeps it too, cached across the app's pages.
 */
async function drawnPages(template: string, webDir: string): Promise<{ template: string; withStyles: (html: string) => string }> {
  const link = STYLESHEET.exec(template);
  const unchanged = { template, withStyles: (html: string) => html };
  if (!link) return unchanged;
  const css = await readFile(path.join(webDir, link[1]!), 'utf8');
  if (/<\/style/i.test(css)) return unchanged;
  const stylesFor = stylesForPages(css);
  // Without the stylesheet of rules alone (a build from before it), the whole one: its fonts then load twice.
  const rules = existsSync(path.join(webDir, rulesFileOf(link[1]!))) ? rulesFileOf(link[1]!) : link[1]!;
  return {
    template: template.replace(link[0], () => `<style data-stylesheet="/${escapeHtml(rules)}"></style>`),
    withStyles: (html) => html.replace(PAGE_STYLES, (tag) => tag.replace('></style>', () => `>${stylesFor(html)}</style>`)),
  };
}

/**
 * Draws the HTML of every page the web app serves:
 * - someone signed in gets the app's shell with who they are already in it (what /api/me would answer them, never
 *   stored by anyone: `no-store`), so the signed-in frame starts without asking;
 * - a public page is drawn on the server in the reader's language, with its text, pictures and title, then the app
 *   hydrates it (the shared memory page needs no script at all);
 * - any other page, signed out, is the shell with "signed out" in it.
 */
export async function createPageRenderer(app: FastifyInstance, opts: PageRenderOptions, log: FastifyBaseLogger) {
  const template = await readFile(path.join(opts.webDir, 'index.html'), 'utf8');
  const drawn = await drawnPages(template, opts.webDir);
  /** A page from the template; one that runs no script at once carries the styles its HTML uses instead of the link. */
  const assembleAs = (carriesStyles: boolean, page: Parameters<typeof assemblePage>[1]) =>
    carriesStyles ? drawn.withStyles(assemblePage(drawn.template, page)) : assemblePage(template, page);
  const manifestFile = path.join(opts.webDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest) : {};
  const inShell = new Set(Object.values(manifest).filter((m) => m.isEntry).flatMap((m) => chunksOf(manifest, Object.keys(manifest).find((k) => manifest[k] === m)!)));
  /** The app's chunks, named in the page so they download beside the first script instead of after it. */
  const appChunks = chunksOf(manifest, APP_MODULE).filter((file) => !inShell.has(file));
  const appScript = manifest[APP_MODULE]?.file;

  let ssr: ServerRenderModule | null = null;
  if (existsSync(opts.ssrEntry)) ssr = (await import(pathToFileURL(opts.ssrEntry).href)) as ServerRenderModule;
  else log.warn(`No server render in ${opts.ssrEntry}: run "npm run build". Public pages are drawn in the browser.`);
  const limitMs = opts.renderLimitMs ?? RENDER_LIMIT_MS;

  /**
   * One page drawn within the time limit. Renders run at once, each with its own reads; one that runs out of time
   * rejects with RenderTimeout and is told to stop. What is logged is the route's shape, never its address (a shared
   * link's token) or who asked.
   */
  async function drawWithin(module: ServerRenderModule, input: Omit<Parameters<ServerRenderModule['render']>[0], 'signal'>, request: FastifyRequest, route: string) {
    const stop = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stop.abort();
        request.log.warn({ route, limitMs }, 'server render ran out of time; the page is sent undrawn');
        reject(new RenderTimeout());
      }, limitMs);
    });
    const drawing = module.render({ ...input, signal: stop.signal });
    // The drawing may still end (or fail) after its time is up: nobody waits for it any more.
    drawing.catch(() => undefined);
    try {
      return await Promise.race([drawing, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The API's reads answered in-process: the public ones without any cookie, a signed-in page's with the person's. */
  const apiAs =
    (cookie?: string) =>
    async (url: string, init: RequestInit): Promise<Response> => {
      const headers = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
      const res = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers });
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
    };
  const fetchApi = apiAs();

  async function signedInAs(request: FastifyRequest): Promise<MeResponse | null> {
    const cookie = request.headers.cookie;
    if (!cookie || !SESSION_COOKIE.test(cookie)) return null;
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie, accept: 'application/json' } });
    return res.statusCode === 200 ? res.json<MeResponse>() : null;
  }

  /** Every chunk the page's modules and texts need, beyond the first script's: named in the page to download at once. */
  const pageChunks = (modules: string[], language: Language, frame: boolean) =>
    [...new Set([APP_MODULE, ...modules, ...localeChunks(manifest, language, frame)].flatMap((source) => chunksOf(manifest, source)))].filter(
      (file) => !inShell.has(file),
    );

  /** A signed-in home or gallery drawn for the person; null when it cannot be (the shell then draws it in the browser). */
  async function drawSignedIn(pathname: string, request: FastifyRequest, me: MeResponse, language: Language): Promise<string | null> {
    const route = SIGNED_IN_RENDERED.find(({ pattern }) => pattern.test(pathname));
    // Without the browser's zone the dates would be the server's, and differ from what the app then draws.
    const timeZone = timeZoneOf(request.headers.cookie);
    if (!route || !ssr || !timeZone) return null;
    try {
      const result = await drawWithin(ssr, { url: request.url, language, fetchApi: apiAs(request.headers.cookie), me, timeZone }, request, String(route.pattern));
      const query = request.url.indexOf('?');
      const atOnce = route.atOnce?.(me, query >= 0 ? request.url.slice(query) : '') ?? false;
      return assembleAs(!atOnce, {
        language,
        rendered: true,
        title: result.title,
        body: result.html,
        state: { me, queries: result.state },
        scripts: true,
        onInteraction: !atOnce,
        ...(atOnce ? { preload: pageChunks(route.modules, language, true), appScript } : {}),
      });
    } catch (error) {
      if (!(error instanceof RenderTimeout)) request.log.error({ err: error, url: pathname }, 'server render failed');
      return null;
    }
  }

  /** What an anonymous visitor gets of a public page, drawn once per address, language and origin (public-page-cache.ts). */
  const cache = createPublicPageCache();

  const renderPage = async function renderPage(pathname: string, request: FastifyRequest): Promise<RenderedPage> {
    const url = request.url;
    const route = SERVER_RENDERED.find(({ pattern }) => pattern.test(pathname));
    const inQuery = languageInQuery(url);
    const language = inQuery ?? negotiateLanguage(request.headers.cookie, request.headers['accept-language']);
    const vary = 'cookie, accept-language, accept-encoding';
    const setCookie = inQuery ? { setCookie: languageCookie(inQuery) } : {};

    // A shared memory is the same page for everyone; the person's session plays no part in it.
    const me = route && !route.scripts ? null : await signedInAs(request);
    if (me) {
      const profileLanguage = me.profile.defaultLanguage;
      const pageLanguage = isLanguage(profileLanguage) ? profileLanguage : language;
      const html =
        (await drawSignedIn(pathname, request, me, pageLanguage)) ??
        assemblePage(template, { language: pageLanguage, rendered: false, state: { me }, scripts: true, preload: appChunks });
      return { html, cacheControl: 'no-store', vary, ...setCookie };
    }

    if (!route || !ssr) {
      // Without the server bundle a shared page is still titled and previewed from its head alone.
      const extra = await opts.extraHead(pathname, language, request);
      const page = {
        language,
        rendered: false,
        head: extra?.tags,
        state: { me: null },
        scripts: true,
        preload: appChunks,
        ...(extra?.title ? { title: extra.title } : {}),
      };
      return { html: assemblePage(template, page), cacheControl: 'no-cache', vary, ...setCookie };
    }

    // Only someone who sends no session at all reads or fills the cache: a page drawn for a signed-in person (the
    // shared page, drawn alike for everyone, included) is never kept, and never given to them from it.
    const anonymous = !SESSION_COOKIE.test(request.headers.cookie ?? '');
    const keeps = anonymous && (opts.keptPagesUsable?.() ?? true);
    const key = `${language} ${request.protocol}://${request.headers.host ?? ''}${url}`;
    const kept = keeps ? cache.get(key) : undefined;
    if (kept) return { html: kept.html, cacheControl: PUBLIC_CACHE_CONTROL, vary, etag: kept.etag, encoded: kept.encoded, ...setCookie };
    const drawnAt = cache.version();

    try {
      const [result, extra] = await Promise.all([drawWithin(ssr, { url, language, fetchApi }, request, String(route.pattern)), opts.extraHead(pathname, language, request)]);
      const frame = route.modules.includes('app/main-layout.tsx');
      const preload = route.scripts && !route.onInteraction ? pageChunks(route.modules, language, frame) : [];
      const html = assembleAs(Boolean(route.onInteraction) || !route.scripts, {
        language,
        rendered: true,
        title: result.title,
        head: extra?.tags,
        body: result.html,
        state: { me: null, queries: result.state },
        scripts: route.scripts,
        onInteraction: route.onInteraction,
        preload,
        ...(route.onInteraction ? {} : { appScript }),
      });
      if (!keeps) return { html, cacheControl: 'no-cache', vary, ...setCookie };
      const page = cache.set(key, html, drawnAt);
      return { html, cacheControl: PUBLIC_CACHE_CONTROL, vary, etag: page.etag, encoded: page.encoded, ...setCookie };
    } catch (error) {
      // A page that cannot be drawn here (or not in time) is still drawn by the browser.
      if (!(error instanceof RenderTimeout)) request.log.error({ err: error, url }, 'server render failed');
      const html = assemblePage(template, { language, rendered: false, state: { me: null }, scripts: true, preload: appChunks });
      return { html, cacheControl: 'no-cache', vary, ...setCookie };
    }
  };
  /** Any change anyone makes may show on a public page: every kept page is dropped. */
  return Object.assign(renderPage, { invalidate: () => cache.invalidate() });
}
