// Rough edges found walking every screen at 375 px and 1 280 px, in English and French, that only a browser shows:
// a dialog's buttons clipped at the desktop width, and the crisis help panel and the companion's reply sharing a
// phone's screen. One server and one browser for the file.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat, sendAndWaitForReply } from './support/chat';
import { profileUi } from './support/profile-texts';
import { safetyUi } from './support/safety-texts';
import { setupSuite } from './support/suite';
import { signedInUser } from './support/users';

const s = setupSuite();

describe('the close-account dialog at 1 280 px', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: both buttons sit whole inside the dialog, clear of its edges`, async () => {
      const { page, context } = await openPage(s.browser);
      await signedInUser(context, s.app, { language: lang });
      const t = profileUi(lang);
      await page.goto(`${s.app.baseUrl}/home/profile`);
      await page.getByRole('button', { name: t.closeAccount, exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: t.closeDialog });
      await dialog.waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const handle = await dialog.elementHandle();
      for (const name of [t.closeConfirm, t.closeCancel]) {
        const button = dialog.getByRole('button', { name, exact: true });
        const over = await button.evaluate((el, box) => {
          const style = getComputedStyle(box);
          const room = box.getBoundingClientRect();
          const own = el.getBoundingClientRect();
          return Math.max(0, room.left + parseFloat(style.paddingLeft) - own.left, own.right - (room.right - parseFloat(style.paddingRight)), el.scrollWidth - el.clientWidth);
        }, handle);
        expect(over, `"${name}" reaches past the dialog's padding by ${over} px`).toBe(0);
      }
    });
  }
});

/** Where `target` is drawn inside `view`'s visible box: how far below its top it starts, and how much of it shows. */
async function placeIn(target: Locator, view: Locator): Promise<{ startsAt: number; visible: number; height: number }> {
  const handle = await target.elementHandle();
  return view.evaluate((box, el) => {
    const room = box.getBoundingClientRect();
    const own = el.getBoundingClientRect();
    const visible = Math.max(0, Math.min(own.bottom, room.bottom) - Math.max(own.top, room.top));
    return { startsAt: Math.round(own.top - room.top), visible: Math.round(visible), height: Math.round(own.height) };
  }, handle);
}

describe('the crisis help panel on a phone', () => {
  it('fr, 375 px: the companion’s reply is read from its first line, with the panel and its first helpline in view', async () => {
    const { page, context } = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signedInUser(context, s.app, { firstName: 'Léa', language: 'fr' });
    await openChat(page, s.app);
    await sendAndWaitForReply(page, 'Je veux mourir.', 'fr');
    const t = safetyUi('fr');
    const panel = page.getByRole('region', { name: t.crisisTitle });
    await panel.waitFor();
    const reply = page.locator('[data-testid="chat-message"][data-author="agent"]').last();
    const seen = await placeIn(reply, page.getByTestId('chat-messages'));
    // Its first line is in view (nothing to scroll back to), and a good part of it: at least four lines, or all of it.
    expect(seen.startsAt, `the reply starts ${-seen.startsAt} px above the conversation's box`).toBeGreaterThanOrEqual(0);
    expect(seen.visible, `only ${seen.visible} of the reply's ${seen.height} px are in view`).toBeGreaterThanOrEqual(Math.min(seen.height, 110));
    const heading = await placeIn(panel.getByRole('heading', { name: t.crisisTitle }), panel);
    expect(heading.visible).toBe(heading.height);
    // The first line's number is in sight too; its call button is a short scroll inside the panel.
    const number = await placeIn(panel.getByText('3114', { exact: true }).first(), panel);
    expect(number.visible, 'the first helpline is hidden in the panel').toBe(number.height);
  });
});
