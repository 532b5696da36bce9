// Rough edges found walking every screen at 375 px and 1 280 px, in English and French, that only a browser shows
// (a dialog's buttons clipped at the desktop width). One server and one browser for the file.
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { profileUi } from './support/profile-texts';
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
