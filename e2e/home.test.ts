// The home page: where today's session begins for a new person, the empty memories grid, and the welcome-back
// questions on the second sign-in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signedInUser, signInViaApi } from './support/users';

const t = ui('en');
const fr = ui('fr');
const s = setupSuite();

interface Me {
  profile: { sessionCount: number; defaultLanguage: string; gender: string | null };
}

/** GET /api/me from the page, with its own cookies. */
const me = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/me', { headers: { accept: 'application/json' } });
    return (await res.json()) as Me;
  });

describe('home for a new person', () => {
  it('says the first session is free, offers to start it, and shows the empty memories with their own way in', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await signedInUser(context, s.app, { firstName: 'Lison' });
    await page.goto(s.app.baseUrl + '/home');

    await page.getByRole('heading', { level: 1, name: t.greeting(user.firstName) }).waitFor();
    expect(await page.getByTestId('home-greeting').textContent()).toBe(t.greeting(user.firstName));
    await page.locator('[data-testid="home-today"][data-state="start"]').waitFor();
    expect(await page.getByTestId('home-journal-days').textContent()).toBe(t.homeFirstSessionFree);
    await page.getByTestId('home-today').getByText(t.homeFirstSessionHint).waitFor();
    const main = page.getByTestId('home-main-action');
    expect(await main.getAttribute('data-action')).toBe('start');
    expect(await main.textContent()).toBe(t.homeStart);

    const memories = page.locator('[data-testid="home-memories"][data-state="empty"]');
    await memories.waitFor();
    await memories.getByRole('heading', { name: t.memoriesTitle }).waitFor();
    await memories.getByText(t.memoriesEmptyTitle).waitFor();
    await memories.getByRole('button', { name: t.memoriesEmptyAction }).click();
    await page.waitForURL((url) => url.pathname === '/home/chat');
    await page.getByRole('heading', { level: 1, name: t.chatTitle }).waitFor();

    // Back home, the main button leads to the same place.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('button', { name: t.homeStart }).click();
    await page.waitForURL((url) => url.pathname === '/home/chat');
  });
});

describe('welcome back', () => {
  it('asks on the second sign-in; French and "Prefer not to say" switch the interface and are asked only once', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await registerViaApi(s.app, newUser({ firstName: 'Rosalie' }));
    await signInViaApi(context, s.app, user);
    await signInViaApi(context, s.app, user);

    // The page's clock can be run forward: the dialog waits one second after the home has loaded.
    await page.clock.install();
    await page.goto(s.app.baseUrl + '/home');
    await page.getByRole('heading', { level: 1, name: t.greeting(user.firstName) }).waitFor();
    await page.locator('[data-testid="home-today"][data-state="start"]').waitFor();
    expect((await me(page)).profile.sessionCount).toBe(2);
    await page.clock.runFor(1_000);
    const dialog = page.getByRole('dialog', { name: t.welcomeBackTitle });
    expect(await dialog.count(), 'open once the second has passed').toBe(1);
    const language = dialog.getByLabel(t.welcomeBackLanguage);
    expect(await language.inputValue(), 'the current language is proposed').toBe('en');
    await language.selectOption({ label: t.languageName.fr });
    await dialog.getByRole('radio', { name: t.welcomeBackPreferNotToSay }).check();
    await dialog.getByRole('button', { name: t.welcomeBackSave }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('heading', { level: 1, name: fr.greeting(user.firstName) }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('button', { name: fr.homeStart }).waitFor();

    // Saved: the count moved past 2, French is the profile's language, "prefer not to say" is stored as none.
    await expect.poll(async () => (await me(page)).profile).toEqual(
      expect.objectContaining({ sessionCount: 3, defaultLanguage: 'fr', gender: null }),
    );

    // A reload, run well past the dialog's delay the same way, does not ask again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: fr.greeting(user.firstName) }).waitFor();
    await page.locator('[data-testid="home-today"][data-state="start"]').waitFor();
    await page.clock.runFor(5_000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('welcome-back-dialog').count()).toBe(0);
  });
});
