// "Download as a book" from the gallery: the book of a month is made, its progress shown and the file downloaded,
// then its pages counted — in English on a desktop, and in French on a 375 px phone with the keyboard (axe clean).
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { countPdfPages } from '../src/shared/pdf-pages';
import { blocking, describeFindings, scanPage } from './support/axe';
import { bookUi } from './support/book-texts';
import { openPage } from './support/browser';
import { addMemoriesForEach } from './support/database';
import { setupSuite } from './support/suite';
import { newUser, registerViaApi, signInViaApi } from './support/users';

const s = setupSuite();

// Noon UTC: the same day in whatever time zone the browser runs. Two in March 2025, one in April.
const MEMORIES = [
  { title: 'Rain on the roof', createdAt: '2025-03-10T12:00:00.000Z' },
  { title: 'Cherry blossoms', createdAt: '2025-03-17T12:00:00.000Z' },
  { title: 'A long walk', createdAt: '2025-04-02T12:00:00.000Z' },
];

/** Makes the book in the open dialog and answers the downloaded file's bytes. */
async function makeBook(page: Page, language: 'en' | 'fr', start: () => Promise<void>) {
  const texts = bookUi(language);
  const download = page.waitForEvent('download');
  await start();
  const file = await download;
  await page.getByRole('status').filter({ hasText: texts.ready }).waitFor();
  expect(file.suggestedFilename()).toBe('souvenir-2025-03.pdf');
  return readFile(await file.path());
}

describe('download as a book', () => {
  it('makes the book of a month in English and in French, with a cover and one page per memory', async () => {
    // Both people seeded in one stop of the app (each stop is a restart, several seconds on a busy machine).
    const en = await registerViaApi(s.app, newUser({ language: 'en' }));
    const fr = await registerViaApi(s.app, newUser({ language: 'fr' }));
    await addMemoriesForEach(s.app, [
      { email: en.email, memories: MEMORIES },
      { email: fr.email, memories: MEMORIES },
    ]);

    const desktop = await openPage(s.browser);
    await signInViaApi(desktop.context, s.app, en);
    await desktop.page.goto(`${s.app.baseUrl}/home/memories?year=2025&month=3`);
    const enTexts = bookUi('en');
    await desktop.page.getByRole('button', { name: enTexts.open }).click();
    const dialog = desktop.page.getByRole('dialog', { name: enTexts.open });
    // The gallery's period is offered first.
    expect(await dialog.getByLabel(enTexts.month).inputValue()).toBe('3');
    const english = await makeBook(desktop.page, 'en', () => dialog.getByRole('button', { name: enTexts.make }).click());
    expect(english.subarray(0, 5).toString()).toBe('%PDF-');
    expect(countPdfPages(english)).toBe(3);

    const phone = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signInViaApi(phone.context, s.app, fr);
    await phone.page.goto(`${s.app.baseUrl}/home/memories`);
    const frTexts = bookUi('fr');
    const open = phone.page.getByRole('button', { name: frTexts.open });
    await open.focus();
    await phone.page.keyboard.press('Enter');
    const frDialog = phone.page.getByRole('dialog', { name: frTexts.open });
    await frDialog.getByLabel(frTexts.year).selectOption('2025');
    await frDialog.getByLabel(frTexts.month).selectOption('3');
    // The dialog with its choices, on a phone: nothing serious for axe.
    const findings = blocking(await scanPage(phone.page));
    expect(findings, describeFindings('fr 375px book dialog', findings).join('\n')).toEqual([]);
    const widths = await phone.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(375);
    const french = await makeBook(phone.page, 'fr', async () => {
      await frDialog.getByRole('button', { name: frTexts.make }).focus();
      await phone.page.keyboard.press('Enter');
    });
    expect(countPdfPages(french)).toBe(3);
    expect(french.toString('latin1')).toContain('/Lang (fr-FR)');
  });
});
