// One Chromium per test file, one context per test. Each context fails its test on a page error or on any request
// that leaves the machine: the app must work with no third-party service (fonts, analytics, CDNs…).
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './paths';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

export interface PageOptions {
  mobile?: boolean;
  locale?: string;
  /**
   * Let the app register its service worker. Off by default: installing it downloads the whole app shell in the
   * background on every new context, which only the installable-app test is about.
   */
  serviceWorkers?: boolean;
  /** The browser's time zone (IANA), when a test needs one other than the machine's. */
  timezoneId?: string;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      ...CHROMIUM_FLAGS,
      // A fake microphone (a tone) that needs no permission prompt: voice journeys record through it.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
}

/**
 * A fresh context and page for the current test. When the test ends the context is closed, and the test fails if
 * the page threw an uncaught error or asked for anything outside 127.0.0.1/localhost.
 */
export async function openPage(browser: Browser, opts: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: opts.mobile ? MOBILE : DESKTOP,
    ...(opts.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: opts.locale ?? 'en-US',
    serviceWorkers: opts.serviceWorkers ? 'allow' : 'block',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);

  const thirdParty: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  // Outside requests are recorded and refused, so a test never waits on a network it cannot reach.
  await context.route(
    (url) => isOutside(url),
    async (route) => {
      thirdParty.push(`${route.request().method()} ${route.request().url()}`);
      await route.abort('blockedbyclient');
    },
  );
  const watch = (page: Page) => {
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
  };
  context.on('page', watch);
  const page = await context.newPage();

  onTestFinished(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await saveScreenshots(context, ctx.task.name);
    await context.close();
    const problems: string[] = [];
    if (thirdParty.length > 0) problems.push(`third-party requests (the app must make none):\n  ${thirdParty.join('\n  ')}`);
    if (pageErrors.length > 0) problems.push(`uncaught page errors:\n  ${pageErrors.join('\n  ')}`);
    if (problems.length > 0) {
      const hint = consoleErrors.length > 0 ? `\nconsole errors:\n  ${consoleErrors.join('\n  ')}` : '';
      throw new Error(problems.join('\n') + hint);
    }
  });

  return { page, context };
}

/** On failure, a picture of every open page of the context, kept outside the repository. */
async function saveScreenshots(context: BrowserContext, testName: string) {
  const dir = path.join(os.tmpdir(), 'souvenir-e2e-screenshots');
  await mkdir(dir, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  for (const [i, page] of context.pages().entries()) {
    const file = path.join(dir, `${slug}-${i}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      console.log(`[e2e] ${page.url()} at the failure: ${file}`);
    } catch {
      // A crashed or closed page has nothing to show; the failure itself is reported anyway.
    }
  }
}

function isOutside(url: URL): boolean {
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return false;
  return !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The page's pathname, for assertions on where the app routed. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Waits until the page's code runs: a page drawn on the server shows its controls before they answer. The landing,
 * community and privacy pages load their code only when someone starts using them (decision 0085): there, as a
 * reader would, this presses a key that does nothing by itself (Shift), which is the interaction they wait for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const waiting = await page.evaluate(() => document.documentElement.getAttribute('data-hydrate') === 'interaction' && !document.documentElement.hasAttribute('data-hydrated'));
  if (waiting) await page.keyboard.press('Shift');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Waits until the element has the focus. A closing dialog hands the focus back in a task of its own after it
 * leaves the page, so reading `document.activeElement` right as it disappears can see the body in between.
 */
export async function expectFocused(target: Locator, message: string): Promise<void> {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement), { message, timeout: 5_000, interval: 50 }).toBe(true);
}
