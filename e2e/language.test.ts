// Journey 5: the header's language switch translates the app, is saved to the profile, and survives a reload.
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { signedInUser, signInViaApi } from './support/users';

const en = ui('en');
const fr = ui('fr');
const s = setupSuite();

describe('language switch', () => {
  it('switches to French, keeps French after a reload, and signs out in French', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await signedInUser(context, s.app);
    await page.goto(s.app.baseUrl + '/home');
    await page.getByText(en.greeting).first().waitFor();

    const switcher = page.getByRole('banner').getByRole('group', { name: en.language });
    await switcher.getByRole('button', { name: 'FR', exact: true }).click();

    await page.getByText(fr.greeting).first().waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');

    // Saved to the profile, not only in the browser.
    const me = await context.request.get(`${s.app.baseUrl}/api/me`);
    expect(((await me.json()) as { profile: { defaultLanguage: string } }).profile.defaultLanguage).toBe('fr');

    // Another device (no local storage) follows the profile.
    const other = await openPage(s.browser);
    await signInViaApi(other.context, s.app, user);
    await other.page.goto(s.app.baseUrl + '/home');
    await other.page.getByText(fr.greeting).first().waitFor();

    await page.reload();
    await page.getByText(fr.greeting).first().waitFor();
    await page.getByText(user.firstName).first().waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'FR', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('banner').getByRole('button', { name: fr.accountMenu }).click();
    await page.getByRole('menuitem', { name: fr.signOut }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: fr.signIn }).or(page.getByRole('link', { name: fr.signIn })).first().waitFor();

    await page.goto(s.app.baseUrl + '/home');
    await page.waitForURL((url) => url.pathname === '/auth');
  });
});
