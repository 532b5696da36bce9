// The public safety page: drawn by the server and readable with JavaScript turned off, in English and French,
// reached from the footer of every public page and from the help panel inside the chat.
import { describe, expect, it } from 'vitest';
import { openPage, pathOf } from './support/browser';
import { openChat } from './support/chat';
import { safetyPageUi } from './support/safety-page-texts';
import { setupSuite } from './support/suite';
import { signedInUser } from './support/users';

const s = setupSuite();

describe('/safety', () => {
  it.each([
    { lang: 'en' as const, locale: 'en-US', country: 'US', call: 'tel:988' },
    { lang: 'fr' as const, locale: 'fr-FR', country: 'FR', call: 'tel:3114' },
  ])('reads in $lang without JavaScript, reached by the footer link, with every country’s helplines', async ({ lang, locale, country, call }) => {
    const t = safetyPageUi(lang);
    const context = await s.browser.newContext({ javaScriptEnabled: false, locale, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${s.app.baseUrl}/community`);
      // A real link: followed by the browser alone.
      await page.getByRole('contentinfo').getByRole('link', { name: t.footerLink, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      expect(pathOf(page)).toBe('/safety');
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.getByRole('heading', { level: 2, name: t.cannotTitle }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 2, name: t.humanTitle }).isVisible()).toBe(true);
      const countries = page.getByTestId('safety-helplines').locator('[data-country]');
      expect(await countries.count()).toBe(7);
      expect(await countries.and(page.locator(`[data-country="${country}"]`)).locator(`a[href="${call}"]`).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it.each(['en', 'fr'] as const)('opens from the help panel in the chat (%s)', async (lang) => {
    const t = safetyPageUi(lang);
    const { page, context } = await openPage(s.browser, { locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    await signedInUser(context, s.app, { language: lang });
    await openChat(page, s.app);
    await page.getByRole('button', { name: t.helpButton, exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: t.panelLink }).click();
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    expect(pathOf(page)).toBe('/safety');
  });
});
