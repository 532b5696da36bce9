// The administrator panel's billing tools, tried as a new administrator would (the first account of a fresh app): a
// French coupon is added, tested valid in French and invalid in English, and removed; a person found by part of their
// e-mail is given free access — their own status and home page say so — and it is taken back, while the administrator's
// own rights never move. Once more in French on a 375 px phone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBillingUi } from './support/admin-billing-texts';
import { openPage } from './support/browser';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, type TestUser } from './support/users';

const t = ui('en');
const a = adminBillingUi('en');
const s = setupSuite();

const POLL = { timeout: 10_000, interval: 100 };

// The first account of a fresh app is its administrator: made before anyone else in this file.
let admin: TestUser;
beforeAll(async () => {
  admin = await registerViaApi(s.app, newUser({ firstName: 'Alex' }));
});

const toast = (page: Page, text: string) => page.getByRole('region', { name: t.toasts }).getByText(text, { exact: true });

async function openAdmin(page: Page, tab: 'coupons' | 'users', lang: 'en' | 'fr' = 'en') {
  const texts = adminBillingUi(lang);
  await page.goto(`${s.app.baseUrl}/home/admin?tab=${tab}`);
  await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
  expect(await page.getByRole('tab', { name: texts.tab[tab] }).getAttribute('aria-selected')).toBe('true');
}

async function chooseCouponLanguage(page: Page, language: 'en' | 'fr', lang: 'en' | 'fr' = 'en') {
  const texts = adminBillingUi(lang);
  const button = page.getByRole('group', { name: texts.couponLanguage }).getByRole('button', { name: texts.languageName[language], exact: true });
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed'), POLL).toBe('true');
}

async function testCode(page: Page, code: string, expected: string, lang: 'en' | 'fr' = 'en') {
  const texts = adminBillingUi(lang);
  const tester = page.getByRole('region', { name: texts.testSection });
  await tester.getByLabel(texts.testCode).fill(code);
  await tester.getByRole('button', { name: texts.test }).click();
  await tester.getByRole('status').getByText(expected, { exact: true }).waitFor();
}

/** What GET /api/billing/status says to the page's signed-in person. */
async function billingStatus(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/billing/status');
    return (await res.json()) as { hasActiveSubscription: boolean; isFreeAccess: boolean };
  });
}

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(widths.client);
}

/** Types part of an e-mail into the Users tab's search and waits until the address carries it. */
async function searchUsers(page: Page, part: string, lang: 'en' | 'fr' = 'en') {
  await page.getByLabel(adminBillingUi(lang).search).fill(part);
  await expect.poll(() => new URL(page.url()).searchParams.get('q'), POLL).toBe(part);
}

const freeAccessSwitch = (page: Page, email: string, lang: 'en' | 'fr' = 'en') => page.getByRole('switch', { name: adminBillingUi(lang).freeAccessFor(email) });
const userRow = (page: Page, email: string) => page.locator(`[data-testid="admin-user"][data-email="${email}"]`);

describe('coupons and free access in the administrator panel', () => {
  it('adds a French coupon, finds it valid in French and invalid in English, and removes it', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'coupons');

    await chooseCouponLanguage(page, 'fr');
    const list = page.getByRole('region', { name: a.couponList });
    await list.getByText(a.noCoupons('French')).waitFor();

    const form = page.getByRole('region', { name: a.addSection });
    await form.getByRole('button', { name: a.add }).click();
    await form.getByText(a.bothRequired).waitFor();
    await form.getByLabel(a.code, { exact: true }).fill('BIENVENUE');
    await form.getByLabel(a.promotionId).fill('promo_test123');
    await form.getByRole('button', { name: a.add }).click();
    await toast(page, a.added).waitFor();
    const french = list.getByRole('list', { name: a.couponsIn('French') });
    await french.getByRole('listitem').filter({ hasText: 'BIENVENUE' }).filter({ hasText: 'promo_test123' }).waitFor();

    // Kept by the server, not only on this screen.
    await openAdmin(page, 'coupons');
    await chooseCouponLanguage(page, 'fr');
    await french.getByRole('listitem').filter({ hasText: 'BIENVENUE' }).waitFor();

    await testCode(page, 'BIENVENUE', a.valid);
    await chooseCouponLanguage(page, 'en');
    await list.getByText(a.noCoupons('English')).waitFor();
    await testCode(page, 'BIENVENUE', a.invalid);

    await chooseCouponLanguage(page, 'fr');
    await list.getByRole('button', { name: a.removeCode('BIENVENUE') }).click();
    await list.getByRole('button', { name: a.confirmYes }).click();
    await toast(page, a.removed).waitFor();
    await list.getByText(a.noCoupons('French')).waitFor();
    await testCode(page, 'BIENVENUE', a.invalid);
  });

  it('finds a person by part of their e-mail and grants free access: their home says so; then takes it back', async () => {
    const lea = await registerViaApi(s.app, newUser({ firstName: 'Léa' }));
    const person = await openPage(s.browser);
    await signInViaApi(person.context, s.app, lea);
    await person.page.goto(`${s.app.baseUrl}/home`);
    await person.page.getByTestId('home-main-action').waitFor();
    expect(await billingStatus(person.page)).toMatchObject({ hasActiveSubscription: false, isFreeAccess: false });

    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'users');
    // The random middle of the address: it matches this person only.
    await searchUsers(page, lea.email.slice(5, 15));
    const accounts = page.getByRole('list', { name: a.accounts });
    await expect.poll(() => accounts.getByRole('listitem').count(), POLL).toBe(1);
    const toggle = freeAccessSwitch(page, lea.email);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await toggle.click();
    await toast(page, a.granted).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('true');
    await userRow(page, lea.email).getByTestId('admin-user-marks').getByText(a.freeAccessMark, { exact: true }).waitFor();

    // The person's own view: free access counts as an active subscription, and home says so.
    expect(await billingStatus(person.page)).toMatchObject({ hasActiveSubscription: true, isFreeAccess: true });
    await person.page.reload();
    await person.page.getByText(a.homeFreeAccess, { exact: true }).waitFor();

    await toggle.click();
    await toast(page, a.revoked).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked'), POLL).toBe('false');
    expect(await billingStatus(person.page)).toMatchObject({ hasActiveSubscription: false, isFreeAccess: false });
    await person.page.reload();
    await person.page.getByTestId('home-main-action').waitFor();
    expect(await person.page.getByText(a.homeFreeAccess, { exact: true }).count()).toBe(0);
  });

  it('lets an administrator give themself free access and take it back without losing anything', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'users');
    await searchUsers(page, admin.email);
    const marks = userRow(page, admin.email).getByTestId('admin-user-marks');
    await marks.getByText(a.adminMark, { exact: true }).waitFor();

    await freeAccessSwitch(page, admin.email).click();
    await toast(page, a.granted).waitFor();
    // Still an administrator after a reload: the panel opens, the mark is there beside the new one.
    await openAdmin(page, 'users');
    await marks.getByText(a.freeAccessMark, { exact: true }).waitFor();
    expect(await marks.getByText(a.adminMark, { exact: true }).count()).toBe(1);

    await freeAccessSwitch(page, admin.email).click();
    await toast(page, a.revoked).waitFor();
    await openAdmin(page, 'users');
    await marks.getByText(a.adminMark, { exact: true }).waitFor();
    expect(await marks.getByText(a.freeAccessMark, { exact: true }).count()).toBe(0);
  });

  it('speaks French to a French administrator and fits a 375 px screen', async () => {
    const fr = adminBillingUi('fr');
    const { page } = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signInViaApi(page.context(), s.app, admin);
    // The profile's language drives the interface: this administrator reads French for this test.
    const setLanguage = (language: 'en' | 'fr') =>
      page.evaluate(async (value) => {
        const res = await fetch('/api/me/language', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: value }) });
        if (!res.ok) throw new Error(`language answered ${res.status}`);
      }, language);
    await page.goto(`${s.app.baseUrl}/home`);
    await setLanguage('fr');
    try {
      await openAdmin(page, 'coupons', 'fr');
      // The administrator's own language is the one shown first.
      expect(await page.getByRole('group', { name: fr.couponLanguage }).getByRole('button', { name: 'Français', exact: true }).getAttribute('aria-pressed')).toBe('true');
      const form = page.getByRole('region', { name: fr.addSection });
      await form.getByRole('button', { name: fr.add }).click();
      await form.getByText(fr.bothRequired).waitFor();

      await form.getByLabel(fr.code, { exact: true }).fill('AUTOMNE-DOUCEUR-2026');
      await form.getByLabel(fr.promotionId).fill('promo_1QxYzAbCdEfGhIjKlMnOpQrStUvWxYz');
      await form.getByRole('button', { name: fr.add }).click();
      await toast(page, fr.added).waitFor();
      const list = page.getByRole('region', { name: fr.couponList });
      await list.getByRole('list', { name: fr.couponsIn('français') }).getByRole('listitem').filter({ hasText: 'AUTOMNE-DOUCEUR-2026' }).waitFor();
      await testCode(page, 'AUTOMNE-DOUCEUR-2026', fr.valid, 'fr');
      await expectNoHorizontalOverflow(page);

      await list.getByRole('button', { name: fr.removeCode('AUTOMNE-DOUCEUR-2026') }).click();
      await list.getByRole('button', { name: fr.confirmYes }).click();
      await toast(page, fr.removed).waitFor();
      await list.getByText(fr.noCoupons('français')).waitFor();

      await page.getByRole('tab', { name: fr.tab.users }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab'), POLL).toBe('users');
      await searchUsers(page, admin.email, 'fr');
      const switchEl = freeAccessSwitch(page, admin.email, 'fr');
      await switchEl.waitFor();
      await userRow(page, admin.email).getByTestId('admin-user-marks').getByText(fr.adminMark, { exact: true }).waitFor();
      await expectNoHorizontalOverflow(page);
    } finally {
      await setLanguage('en');
    }
  });
});
