// The subscription on the embedded defaults (the sandbox provider: no payment service), tried as a new person would:
// after the free first session home offers to subscribe; a wrong promotion code is refused; the sandbox checkout —
// plainly a test — is paid and the chat opens and answers; the profile manages the subscription in the sandbox
// portal, where it is cancelled and access is refused again; an administrator's free access opens everything. Also
// the French price, a cancelled checkout, a signed-out visitor sent to sign in first, and a 375 px phone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingUi } from './support/billing-texts';
import { openPage, pathOf } from './support/browser';
import { openChat, sendAndWaitForReply, toast } from './support/chat';
import { addMemoriesForEach, insertJournalDay } from './support/database';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, signInViaUi, type TestUser } from './support/users';

const t = ui('en');
const b = billingUi('en');
const s = setupSuite();

// The first account of a fresh app is its administrator: made before anyone else in this file.
let admin: TestUser;
// Three people whose free first session is behind them (one journaled day each), one per test, seeded in one stop
// of the app (a stop is a restart, several seconds on a busy machine, which each test used to pay).
const AFTER_FIRST_SESSION = {
  subscriber: { firstName: 'Maëlle' },
  freeAccess: { firstName: 'Noé' },
  french: { firstName: 'Hélène', language: 'fr' },
} satisfies Record<string, Partial<TestUser>>;
const afterFirstSession = {} as Record<keyof typeof AFTER_FIRST_SESSION, TestUser>;
beforeAll(async () => {
  admin = await registerViaApi(s.app, newUser({ firstName: 'Alex' }));
  for (const [key, overrides] of Object.entries(AFTER_FIRST_SESSION)) {
    afterFirstSession[key as keyof typeof AFTER_FIRST_SESSION] = await registerViaApi(s.app, newUser(overrides));
  }
  await addMemoriesForEach(
    s.app,
    Object.values(afterFirstSession).map(({ email }) => ({ email, memories: [], more: insertJournalDay })),
  );
});

const homeAction = (page: Page) => page.getByTestId('home-main-action');
const subscriptionBlock = (page: Page) => page.getByTestId('subscription-section');

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${pathOf(page)} is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(widths.client);
}

/** Someone whose free first session is behind them: registered, one journaled day, signed in on a new page. */
async function personAfterFirstSession(key: keyof typeof AFTER_FIRST_SESSION) {
  const user = afterFirstSession[key];
  const opened = await openPage(s.browser, user.language === 'fr' ? { locale: 'fr-FR' } : {});
  await signInViaApi(opened.context, s.app, user);
  return { user, ...opened };
}

describe('subscribing in the sandbox, then cancelling', () => {
  it('goes from home to pricing, refuses a wrong code, pays the test checkout, talks, then cancels in the portal and is refused again', async () => {
    const { page } = await personAfterFirstSession('subscriber');

    // Home: the free session is over, the one button offers to subscribe.
    await page.goto(`${s.app.baseUrl}/home`);
    await page.locator('[data-testid="home-main-action"][data-action="subscribe"]').waitFor();
    expect(await homeAction(page).textContent()).toBe(t.homeSubscribe);
    await homeAction(page).click();
    await page.waitForURL((url) => url.pathname === '/home/pricing');

    // Pricing: one monthly plan, its price, the sandbox's mention.
    await page.getByRole('heading', { level: 1, name: b.pricingTitle }).waitFor();
    const plan = page.getByRole('region', { name: b.planName });
    expect(await plan.getByTestId('pricing-price').textContent()).toMatch(b.price);
    await plan.getByText(b.perMonth, { exact: true }).waitFor();
    await plan.getByText(b.sandboxNote).waitFor();

    // A code that is not in the coupon map is refused, under its field.
    const promo = plan.getByRole('textbox', { name: b.promoCode });
    await promo.fill('  NOT-A-CODE  ');
    await plan.getByRole('button', { name: b.subscribe }).click();
    await plan.getByText(b.invalidPromo).waitFor();
    expect(await promo.getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/home/pricing');

    // Without a code: the sandbox checkout, clearly a test.
    await promo.fill('');
    await plan.getByRole('button', { name: b.subscribe }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/sandbox/checkout/'));
    await page.getByRole('note', { name: b.checkoutBanner }).waitFor();
    await page.getByRole('heading', { level: 1, name: b.checkoutTitle }).waitFor();
    expect(await page.getByTestId('sandbox-checkout-price').textContent()).toMatch(b.checkoutPrice);

    // Pay (test): the chat opens, and answers.
    await page.getByRole('button', { name: b.pay }).click();
    await page.waitForURL((url) => url.pathname === '/home/chat' && url.searchParams.get('subscribed') === '1');
    await toast(page, b.paid).waitFor();
    await page.getByTestId('chat-message').first().waitFor();
    expect(await page.getByTestId('chat-access-notice').count(), 'no subscription notice').toBe(0);
    const reply = await sendAndWaitForReply(page, 'We walked along the canal after dinner');
    expect(reply.length).toBeGreaterThan(0);

    // The profile manages it: the sandbox portal, clearly a test.
    await page.goto(`${s.app.baseUrl}/home/profile`);
    await subscriptionBlock(page).getByText(b.profileActive, { exact: true }).waitFor();
    expect(await subscriptionBlock(page).getByRole('link', { name: b.profileSubscribe }).count()).toBe(0);
    await subscriptionBlock(page).getByRole('button', { name: b.profileManage }).click();
    await page.waitForURL((url) => url.pathname === '/billing/sandbox/portal');
    await page.getByRole('note', { name: b.portalBanner }).waitFor();
    await page.getByText(b.portalActive, { exact: true }).waitFor();

    // Cancelling asks first, then ends the subscription and goes back to the profile.
    await page.getByRole('button', { name: b.cancelSubscription }).click();
    const dialog = page.getByRole('alertdialog', { name: b.confirmCancelTitle });
    await dialog.getByRole('button', { name: b.confirmCancel }).click();
    await page.waitForURL((url) => url.pathname === '/home/profile');
    await toast(page, b.subscriptionCanceled).waitFor();
    await subscriptionBlock(page).getByText(b.profileNone, { exact: true }).waitFor();
    expect(await subscriptionBlock(page).getByRole('link', { name: b.profileSubscribe }).getAttribute('href')).toBe('/home/pricing');
    expect(await subscriptionBlock(page).getByRole('button', { name: b.profileManage }).count()).toBe(0);

    // Refused again: home offers to subscribe, the chat shows its notice, and the server says no.
    await page.goto(`${s.app.baseUrl}/home`);
    await page.locator('[data-testid="home-main-action"][data-action="subscribe"]').waitFor();
    await openChatNotice(page);
    const status = await page.evaluate(async () => (await (await fetch('/api/chat/status?language=en')).json()) as { hasAccess: boolean });
    expect(status.hasAccess).toBe(false);
  });
});

async function openChatNotice(page: Page) {
  await page.goto(`${s.app.baseUrl}/home/chat`);
  await page.getByTestId('chat-access-notice').getByRole('heading', { name: t.chatNoAccessTitle }).waitFor();
  expect(await page.getByRole('textbox', { name: t.chatInput }).count(), 'no input').toBe(0);
}

describe('free access given by an administrator', () => {
  it('opens the sessions: home shows the free-access note, the profile says so with no button, pricing too', async () => {
    const { user, page } = await personAfterFirstSession('freeAccess');
    await page.goto(`${s.app.baseUrl}/home`);
    await page.locator('[data-testid="home-main-action"][data-action="subscribe"]').waitFor();

    // The administrator finds the person and grants free access, from an admin page of the app.
    const adminPage = await openPage(s.browser);
    await signInViaApi(adminPage.context, s.app, admin);
    await adminPage.page.goto(`${s.app.baseUrl}/home/admin`);
    const granted = await adminPage.page.evaluate(async (email) => {
      const list = (await (await fetch(`/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { items: { id: string; email: string }[] };
      const person = list.items.find((item) => item.email === email);
      if (!person) return { status: 0 };
      const res = await fetch(`/api/admin/users/${person.id}/free-access`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ freeAccess: true }),
      });
      return { status: res.status };
    }, user.email);
    expect(granted.status).toBe(204);

    await page.goto(`${s.app.baseUrl}/home`);
    expect(await page.getByTestId('home-free-access').textContent()).toBe(b.homeFreeAccess);
    expect(await page.locator('[data-testid="home-main-action"][data-action="start"]').textContent()).toBe(t.homeStart);

    await page.goto(`${s.app.baseUrl}/home/profile`);
    await subscriptionBlock(page).getByText(b.profileFreeAccess, { exact: true }).waitFor();
    expect(await subscriptionBlock(page).getByRole('button').count(), 'no button').toBe(0);
    expect(await subscriptionBlock(page).getByRole('link').count(), 'no link').toBe(0);

    await page.goto(`${s.app.baseUrl}/home/pricing`);
    await page.getByTestId('pricing-current').getByRole('heading', { name: b.currentFreeAccess }).waitFor();

    await openChat(page, s.app);
    expect(await page.getByTestId('chat-access-notice').count(), 'no subscription notice').toBe(0);
  });
});

describe('in French', () => {
  it('shows 4,99 €, the French test checkout, and after Annuler says calmly that nothing was charged', async () => {
    const f = billingUi('fr');
    const { page } = await personAfterFirstSession('french');
    await page.goto(`${s.app.baseUrl}/home/pricing`);
    await page.getByRole('heading', { level: 1, name: f.pricingTitle }).waitFor();
    const plan = page.getByRole('region', { name: f.planName });
    expect(await plan.getByTestId('pricing-price').textContent()).toMatch(f.price);
    await plan.getByText(f.perMonth, { exact: true }).waitFor();
    await plan.getByText(f.sandboxNote).waitFor();

    await plan.getByRole('button', { name: f.subscribe }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/billing/sandbox/checkout/'));
    await page.getByRole('note', { name: f.checkoutBanner }).waitFor();
    expect(await page.getByTestId('sandbox-checkout-price').textContent()).toMatch(f.checkoutPrice);

    await page.getByRole('button', { name: f.cancelCheckout, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home/pricing' && url.searchParams.get('canceled') === '1');
    await page.getByRole('status').filter({ hasText: f.canceled }).waitFor();

    // Cancelled, not paid: the chat still asks for a subscription.
    await page.goto(`${s.app.baseUrl}/home/chat`);
    await page.getByTestId('chat-access-notice').waitFor();
  });
});

describe('on a phone, and signed out', () => {
  it('fits 375 px: pricing, the test checkout and the test portal', async () => {
    const user = await registerViaApi(s.app, newUser({ firstName: 'Inès' }));
    const { page, context } = await openPage(s.browser, { mobile: true });
    await signInViaApi(context, s.app, user);

    await page.goto(`${s.app.baseUrl}/home/pricing?canceled=1`);
    await page.getByRole('region', { name: b.planName }).waitFor();
    await page.getByText(b.sandboxNote).waitFor();
    await expectNoHorizontalOverflow(page);

    await page.getByRole('button', { name: b.subscribe }).click();
    await page.getByRole('heading', { level: 1, name: b.checkoutTitle }).waitFor();
    await expectNoHorizontalOverflow(page);

    await page.goto(`${s.app.baseUrl}/billing/sandbox/portal`);
    await page.getByRole('heading', { level: 1, name: b.portalTitle }).waitFor();
    await page.getByTestId('sandbox-portal-status').waitFor();
    await expectNoHorizontalOverflow(page);
  });

  it('sends a signed-out visitor of the test portal to sign in, then back to it', async () => {
    const user = await registerViaApi(s.app, newUser({ firstName: 'Yanis' }));
    const { page } = await openPage(s.browser);
    await page.goto(`${s.app.baseUrl}/billing/sandbox/portal`);
    await page.waitForURL((url) => url.pathname === '/auth');
    await signInViaUi(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/billing/sandbox/portal');
    await page.getByRole('note', { name: b.portalBanner }).waitFor();
  });
});
