// The mood of a year (/home/memories/year): one mark per day, moved through with the keyboard and named for a
// screen reader, axe-clean, in English on a desktop and in French on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blocking, describeFindings, scanPage } from './support/axe';
import { openPage } from './support/browser';
import { addMemoriesForEach } from './support/database';
import { setupSuite } from './support/suite';
import { newUser, registerViaApi, signInViaApi } from './support/users';

const s = setupSuite();
const POLL = { timeout: 10_000, interval: 100 };

// Noon UTC: the same day in whatever time zone the browser runs. Copied from src/web/locales/*/recollections.json.
const TEXTS = {
  en: { title: 'The mood of 2025', first: 'March 10, 2025, no mood recorded: Rain on the roof', next: 'March 11, 2025', week: 'March 17, 2025, no mood recorded: Cherry blossoms' },
  fr: { title: 'L’humeur de 2025', first: '10 mars 2025, humeur non notée\u00a0: Rain on the roof', next: '11 mars 2025', week: '17 mars 2025, humeur non notée\u00a0: Cherry blossoms' },
} as const;

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

async function walkTheYear(page: Page, language: 'en' | 'fr', width: number) {
  const texts = TEXTS[language];
  await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
  const first = page.getByRole('gridcell', { name: texts.first });
  await first.waitFor();

  // One tab stop for the whole year: the first day with a memory.
  expect(await page.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1);
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedLabel(page), POLL).toBe(texts.next);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedLabel(page), POLL).toBe(texts.week);

  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(width);
  const findings = blocking(await scanPage(page));
  expect(findings, describeFindings(`${language} ${width}px year view`, findings).join('\n')).toEqual([]);

  // Enter opens the day's memory.
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(/^\/home\/memories\/[0-9a-f-]{36}$/);
}

describe('the mood of a year', () => {
  it('in English at 1 280 px and in French at 375 and 320 px: keyboard by day and week, named days, axe clean, Enter opens', async () => {
    const memories = [
      { title: 'Rain on the roof', createdAt: '2025-03-10T12:00:00.000Z' },
      { title: 'Cherry blossoms', createdAt: '2025-03-17T12:00:00.000Z' },
    ];

    // Both people seeded in one stop of the app (each stop is a restart, several seconds on a busy machine).
    const en = await registerViaApi(s.app, newUser({ language: 'en' }));
    const fr = await registerViaApi(s.app, newUser({ language: 'fr' }));
    const [enIds] = await addMemoriesForEach(s.app, [
      { email: en.email, memories },
      { email: fr.email, memories },
    ]);

    const desktop = await openPage(s.browser);
    await signInViaApi(desktop.context, s.app, en);
    await desktop.page.goto(`${s.app.baseUrl}/home/memories/year?year=2025`);
    await walkTheYear(desktop.page, 'en', 1280);
    expect(new URL(desktop.page.url()).pathname).toBe(`/home/memories/${enIds![1]}`);

    const phone = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signInViaApi(phone.context, s.app, fr);
    await phone.page.goto(`${s.app.baseUrl}/home/memories/year?year=2025`);
    await walkTheYear(phone.page, 'fr', 375);

    // The smallest phone: the month calendars still fit, one per row.
    await phone.page.setViewportSize({ width: 320, height: 640 });
    await phone.page.goBack();
    await phone.page.getByRole('gridcell', { name: TEXTS.fr.first }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
