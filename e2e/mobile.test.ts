// Journey 8: at 375 px the navigation lives in a bottom bar and a side drawer, and nothing overflows sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { signedInUser } from './support/users';

const t = ui('en');
const s = setupSuite();

// At this width the header's own navigation is not displayed, so the only "Main navigation" outside the drawer is
// the bottom bar (while the drawer is open, the rest of the page is hidden from assistive technology).
const bottomBar = (page: Page) => page.getByRole('navigation', { name: t.mainNav });

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(375);
}

describe('mobile layout (375 px)', () => {
  it('signed in: bottom bar with Home, Memories and Community; header nav in a drawer; no sideways overflow', async () => {
    const { page, context } = await openPage(s.browser, { mobile: true });
    const user = await signedInUser(context, s.app);
    await page.goto(s.app.baseUrl + '/home');
    await page.getByRole('heading', { name: t.greeting(user.firstName) }).waitFor();

    const bar = bottomBar(page);
    for (const name of [t.home, t.memories, t.community]) {
      await bar.getByRole('link', { name }).waitFor();
    }
    expect(await bar.getByRole('link', { name: t.home }).getAttribute('aria-current')).toBe('page');
    await expectNoHorizontalOverflow(page);

    // The header's own links are hidden at this width; the menu button opens them in a drawer.
    expect(await page.getByRole('banner').getByRole('link', { name: t.memories }).isVisible()).toBe(false);
    await page.getByRole('banner').getByRole('button', { name: t.openMenu }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    for (const name of [t.home, t.memories, t.community]) {
      await drawer.getByRole('link', { name }).waitFor();
    }
    await drawer.getByRole('link', { name: t.community }).click();
    await page.waitForURL((url) => url.pathname === '/community');
    await drawer.waitFor({ state: 'hidden' });
    expect(await bar.getByRole('link', { name: t.community }).getAttribute('aria-current')).toBe('page');

    await expectNoHorizontalOverflow(page);
  });

  it('signed out: the bottom bar has Home and Community only, and nothing overflows', async () => {
    const { page } = await openPage(s.browser, { mobile: true });
    await page.goto(s.app.baseUrl + '/community');

    // Once the session check has answered "signed out", the header offers to sign in.
    await page.getByRole('banner').getByRole('link', { name: t.headerSignIn }).waitFor();

    const bar = bottomBar(page);
    await bar.getByRole('link', { name: t.community }).waitFor();
    await bar.getByRole('link', { name: t.home }).waitFor();
    expect(await bar.getByRole('link', { name: t.memories }).count()).toBe(0);

    await expectNoHorizontalOverflow(page);
    for (const path of ['/', '/auth']) {
      await page.goto(s.app.baseUrl + path);
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page);
    }
  });
});
