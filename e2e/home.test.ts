// The home page: where today's session begins for a new person, the empty memories grid, and the welcome-back
// questions on the second sign-in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildChatStatus } from '@web/features/chat/testing/chat-fixtures';
import { openPage } from './support/browser';
import { addMemories } from './support/database';
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
    // Its code loads when it is to open (it is asked once in a while), so it appears a moment after the second.
    await dialog.waitFor();
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

describe('home layout', () => {
  /** The box of an element, rounded to the pixel. */
  const box = async (page: Page, testId: string) => {
    const b = await page.getByTestId(testId).boundingBox();
    expect(b, testId).not.toBeNull();
    return { x: Math.round(b!.x), width: Math.round(b!.width), height: Math.round(b!.height) };
  };

  // On a desktop, today's card spans the same width as the memories under it instead of leaving the right third of the
  // page empty, and its loading shape is the shape it keeps: nothing moves when the status arrives.
  it('spans the memories’ width on a desktop and a phone, the same while it loads as after', async () => {
    const { page, context } = await openPage(s.browser);
    await page.setViewportSize({ width: 1280, height: 860 });
    const user = await signedInUser(context, s.app, { firstName: 'Lison' });
    await addMemories(s.app, user.email, [
      { title: 'Spring market', createdAt: '2025-03-15T12:00:00.000Z' },
      { title: 'Evening light', createdAt: '2026-04-14T12:00:00.000Z' },
    ]);

    // The status waits until the loading card has been measured.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/chat/status*', async (route) => {
      await released;
      await route.fulfill({ json: buildChatStatus({ journalDays: 3, firstName: user.firstName }) });
    });

    await page.goto(s.app.baseUrl + '/home');
    await page.locator('[data-testid="home-today"][data-state="loading"]').waitFor();
    await page.locator('[data-testid="home-memories"][data-state="ready"]').waitFor();
    const loading = await box(page, 'home-today');
    const memories = await box(page, 'home-memories');
    expect({ x: loading.x, width: loading.width }).toEqual({ x: memories.x, width: memories.width });

    release();
    await page.locator('[data-testid="home-today"][data-state="start"]').waitFor();
    expect(await box(page, 'home-today')).toEqual(loading);

    await page.setViewportSize({ width: 375, height: 812 });
    const phoneCard = await box(page, 'home-today');
    const phoneMemories = await box(page, 'home-memories');
    expect({ x: phoneCard.x, width: phoneCard.width }).toEqual({ x: phoneMemories.x, width: phoneMemories.width });
  });
});
