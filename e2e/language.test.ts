// Journey 5: the header's language switch translates the app, is saved to the profile, and survives a reload.
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { signedInUser, signInViaApi, signOutViaHeader } from './support/users';

const en = ui('en');
const fr = ui('fr');
const s = setupSuite();

describe('language switch', () => {
  it('switches to French, keeps French after a reload and on another device, and signs out in French', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await signedInUser(context, s.app);
    await page.goto(s.app.baseUrl + '/home');
    await page.getByRole('heading', { name: en.greeting(user.firstName) }).waitFor();

    const switcher = page.getByRole('banner').getByRole('group', { name: en.language });
    await switcher.getByRole('button', { name: 'FR', exact: true }).click();

    await page.getByRole('heading', { name: fr.greeting(user.firstName) }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: fr.memories }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');

    // Saved to the profile, not only in this browser.
    await expect
      .poll(async () => {
        const me = await context.request.get(`${s.app.baseUrl}/api/me`);
        return ((await me.json()) as { profile: { defaultLanguage: string } }).profile.defaultLanguage;
      })
      .toBe('fr');

    await page.reload();
    await page.getByRole('heading', { name: fr.greeting(user.firstName) }).waitFor();
    const frButton = page.getByRole('banner').getByRole('group', { name: fr.language }).getByRole('button', { name: 'FR', exact: true });
    expect(await frButton.getAttribute('aria-pressed')).toBe('true');

    // Another device, with nothing remembered locally, follows the profile.
    const other = await openPage(s.browser);
    await signInViaApi(other.context, s.app, user);
    await other.page.goto(s.app.baseUrl + '/home');
    await other.page.getByRole('heading', { name: fr.greeting(user.firstName) }).waitFor();

    await signOutViaHeader(page, 'fr');
    await page.getByRole('link', { name: fr.signInWithEmail }).waitFor();
    await page.goto(s.app.baseUrl + '/home');
    await page.waitForURL((url) => url.pathname === '/auth');
  });
});
