// French labels run a third longer than English ones. On the narrowest phone we design for (320 px), every select and
// every button must still show its whole label: a native select clips what does not fit ("Toutes les ann…") and a
// button that cannot wrap pushes its words out of its box. Each signed-in page is checked in French once its content
// is there; the gallery also with a year and a long month chosen, and at 768 px, where its filters first share a row.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { addMemories } from './support/database';
import { galleryUi } from './support/gallery-texts';
import { setupSuite } from './support/suite';
import { truncatedControls } from './support/truncation';
import { newUser, registerViaApi, signInViaApi } from './support/users';

const g = galleryUi('fr');
const s = setupSuite();

const NARROW = { width: 320, height: 720 };
const ADMIN_TABS = ['email', 'coupons', 'prompt', 'agent', 'images', 'limits', 'global', 'support', 'users'];

type Cookies = Parameters<import('playwright-core').BrowserContext['addCookies']>[0];
let cookies: Cookies;

// The first account of a fresh app is its administrator, so the admin panel can be checked too. It signs in once and
// the tests share its cookie: a second sign-in would bring the welcome-back dialog over the pages.
beforeAll(async () => {
  const person = await registerViaApi(s.app, newUser({ language: 'fr' }));
  await addMemories(s.app, person.email, [
    { title: 'Marché de printemps', createdAt: '2025-09-15T12:00:00.000Z' },
    { title: 'Premier jour de neige', createdAt: '2026-01-15T12:00:00.000Z' },
  ]);
  const context = await s.browser.newContext();
  await signInViaApi(context, s.app, person);
  cookies = await context.cookies();
  await context.close();
});

async function narrowFrenchPage(): Promise<Page> {
  const { page, context } = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
  await context.addCookies(cookies);
  await page.setViewportSize(NARROW);
  return page;
}

/**
 * Opens the page and waits for its content: a level-1 heading, no skeleton or spinner left, and the fonts in place
 * (measured in the fallback font, a label is a few pixels wider than the person will ever see it).
 */
async function visit(page: Page, path: string) {
  await page.goto(s.app.baseUrl + path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, [data-spinner]'));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function expectWholeLabels(page: Page, where: string) {
  expect(await truncatedControls(page), `controls whose French label does not fit on ${where}`).toEqual([]);
}

describe('French at 320 px', () => {
  it('the gallery’s filters, tabs and pages show their whole labels', async () => {
    const page = await narrowFrenchPage();
    await visit(page, '/home/memories');
    expect(await page.getByLabel(g.year).inputValue()).toBe('');
    expect(await page.getByLabel(g.year).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toBe(g.allYears);
    await expectWholeLabels(page, 'the gallery (320 px)');

    await page.getByLabel(g.year).selectOption('2025');
    await page.getByLabel(g.month).selectOption('9');
    await page.waitForURL((url) => url.searchParams.get('month') === '9');
    await page.waitForFunction(() => !document.querySelector('.animate-pulse, [data-spinner]'));
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expectWholeLabels(page, 'the gallery in September 2025 (320 px)');

    // From 768 px the favourites tabs and both selects share one row.
    await page.setViewportSize({ width: 768, height: 900 });
    await visit(page, '/home/memories');
    await expectWholeLabels(page, 'the gallery (768 px)');
  });

  it('home, profile, support, pricing and every administrator tab show their whole labels', async () => {
    const page = await narrowFrenchPage();
    for (const path of ['/home', '/home/profile', '/home/support', '/home/pricing', ...ADMIN_TABS.map((tab) => `/home/admin?tab=${tab}`)]) {
      await visit(page, path);
      await expectWholeLabels(page, path);
    }
  });
});
