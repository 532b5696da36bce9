// Where the app's notifications appear: under the header (never over its links) and never over the chat's input,
// on a phone (390 px, in French) and a desktop (1280 px, in English). How many show at once is checked in
// src/web/app/providers.test.tsx.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaUi, signedInUser } from './support/users';

const s = setupSuite();

const VIEWPORTS = [
  { lang: 'en', locale: 'en-US', mobile: false, size: { width: 1280, height: 800 } },
  { lang: 'fr', locale: 'fr-FR', mobile: true, size: { width: 390, height: 844 } },
] as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  return box!;
}

/** The first toast, once it has slid into its place. */
async function shownToast(page: Page): Promise<Box> {
  const toast = page.getByRole('region', { name: ui('en').toasts }).locator('[data-sonner-toast][data-visible="true"]').first();
  await toast.waitFor();
  await expect.poll(() => toast.getAttribute('data-mounted')).toBe('true');
  // Its entry transition over: none left running, and its box the same two frames apart (two readings in one
  // frame would agree even mid-slide on a busy machine).
  const settled = () =>
    toast.evaluate(async (el) => {
      await Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)));
      const read = () => el.getBoundingClientRect().toJSON() as DOMRect;
      const before = read();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const after = read();
      return before.x === after.x && before.y === after.y ? after : null;
    });
  let box: Box | null = null;
  await expect.poll(async () => (box = await settled()) !== null, { message: 'the toast comes to rest' }).toBe(true);
  return box!;
}

/** Every visible link and button of the header is the element found at its own centre: nothing lies over it. */
function headerControlsCovered(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) =>
    [...header.querySelectorAll<HTMLElement>('a, button')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !(hit && el.contains(hit));
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName),
  );
}

describe.each(VIEWPORTS)('toasts at $size.width px ($lang)', ({ lang, locale, mobile, size }) => {
  it('"signed in" appears under the header, and every header control stays reachable', async () => {
    const user = await registerViaApi(s.app, newUser({ language: lang }));
    const { page } = await openPage(s.browser, { mobile, locale });
    await page.setViewportSize(size);
    await page.goto(`${s.app.baseUrl}/auth`);
    await signInViaUi(page, user.email, user.password, lang);
    await page.waitForURL((url) => url.pathname === '/home');

    const toast = await shownToast(page);
    const header = await boxOf(page.getByRole('banner'));
    expect(toast.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
    expect(toast.x).toBeGreaterThanOrEqual(0);
    expect(toast.x + toast.width).toBeLessThanOrEqual(size.width);
    expect(await headerControlsCovered(page)).toEqual([]);
  });

  it('in the chat, a failed reply’s toast covers neither the header nor the message input', async () => {
    const { page, context } = await openPage(s.browser, { mobile, locale });
    await page.setViewportSize(size);
    await signedInUser(context, s.app, { language: lang });
    await openChat(page, s.app);

    await page.route('**/api/chat/reply', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'CHAT_PROVIDER_FAILED', message: 'failed' } }) }),
    );
    const input = page.getByRole('textbox', { name: ui(lang).chatInput });
    await input.fill(lang === 'fr' ? 'Bonsoir' : 'Good evening');
    await page.keyboard.press('Enter');
    const toast = await shownToast(page);
    await page.unroute('**/api/chat/reply');

    const inputBox = await boxOf(input);
    expect(overlaps(toast, inputBox), 'the toast lies over the message input').toBe(false);
    if (await page.getByRole('banner').isVisible()) {
      const header = await boxOf(page.getByRole('banner'));
      expect(toast.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
      expect(await headerControlsCovered(page)).toEqual([]);
    }
  });
});
