// Support tickets, tried as people would: a person writes to the team from /home/support (a too-short ticket is
// refused before anything is sent), the administrator answers and closes it from the admin panel, the person
// reads the answer on their page and in their mailbox. Nobody else ever sees the ticket, not even through the API.
// The app sends real e-mail here (SMTP to an in-process mailbox), so every account verifies its address first.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractLinks } from '@tests/support/mailbox';
import { openPage, pathOf } from './support/browser';
import { setupSuite } from './support/suite';
import { supportUi } from './support/support-texts';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, type TestUser } from './support/users';

const t = ui('en');
const st = supportUi('en');
const s = setupSuite({ smtp: true });

const POLL = { timeout: 10_000, interval: 100 };

/** Registers through the API and follows the verification link of the e-mail, as a person clicking it would. */
async function verifiedUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = await registerViaApi(s.app, newUser(overrides));
  const mail = await s.mailbox.waitForMessage(user.email, { subjectIncludes: ui(user.language).mailVerifySubject });
  const link = extractLinks(mail).find((l) => new URL(l).pathname.startsWith('/api/auth/verify-email'));
  expect(link, 'a verification link').toBeDefined();
  const res = await fetch(link!, { redirect: 'manual' });
  expect(res.status, 'the verification link redirects').toBeGreaterThanOrEqual(300);
  return user;
}

// The first account of a fresh app is its administrator: made before anyone else in this file.
let admin: TestUser;
beforeAll(async () => {
  admin = await verifiedUser({ firstName: 'Alex' });
});

async function signedIn(page: Page, user: TestUser) {
  await signInViaApi(page.context(), s.app, user);
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: t.toasts }).getByText(text, { exact: true });

/** Fills the New ticket form and submits it. */
async function submitTicket(page: Page, subject: string, message: string, lang: 'en' | 'fr' = 'en') {
  const tx = supportUi(lang);
  const panel = page.getByRole('tabpanel', { name: tx.newTicket });
  await panel.getByLabel(tx.subject).fill(subject);
  await panel.getByLabel(tx.message).fill(message);
  await panel.getByRole('button', { name: tx.submit }).click();
}

/** A ticket card of the person's History, by its subject. */
const historyCard = (page: Page, subject: string) => page.getByRole('list', { name: st.historyList }).getByRole('article', { name: subject });
const adminCard = (page: Page, subject: string) => page.getByTestId('admin-support-tickets').getByRole('article', { name: subject });

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(widths.client);
}

describe('support tickets', () => {
  it('refuses a too-short ticket, files a valid one, and the answer and the closing reach the person', async () => {
    const { page } = await openPage(s.browser);
    const person = await verifiedUser({ firstName: 'Juliette' });
    await signedIn(page, person);

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/support/tickets') posts.push(request.url());
    });

    // Reached from the account menu, so Cancel has somewhere to go back to.
    await page.goto(`${s.app.baseUrl}/home/memories`);
    await page.getByRole('banner').getByRole('button', { name: t.accountMenu }).click();
    await page.getByRole('menuitem', { name: st.supportMenuItem }).click();
    await page.getByRole('heading', { level: 1, name: st.title }).waitFor();
    expect(await page.getByRole('tab', { name: st.newTicket }).getAttribute('aria-selected')).toBe('true');

    // Too short: the same words the server would use, under each field, and nothing leaves the page.
    await submitTicket(page, 'Hi', 'Too short');
    await page.getByText(st.subjectTooShort).waitFor();
    await page.getByText(st.messageTooShort).waitFor();
    expect(posts).toEqual([]);

    // Cancel goes back where the person came from.
    await page.getByRole('button', { name: st.cancel }).click();
    await page.waitForURL((url) => url.pathname === '/home/memories');
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: st.title }).waitFor();

    const subject = 'My memory image stayed blank';
    const message = 'After finishing tonight’s conversation, the picture never appeared.\nIt is still empty this morning.';
    await submitTicket(page, subject, message);
    await toast(page, st.submitSuccess).waitFor();
    expect(posts).toHaveLength(1);
    await expect.poll(() => new URL(page.url()).search, POLL).toBe('?tab=history');
    await expect.poll(() => page.getByRole('tab', { name: st.history }).getAttribute('aria-selected'), POLL).toBe('true');
    const card = historyCard(page, subject);
    await card.waitFor();
    expect(await card.getByTestId('ticket-status').textContent()).toBe(st.status.open);
    expect(await card.getByText(/the picture never appeared/).textContent()).toBe(message);

    // A reload keeps the History tab.
    await page.reload();
    await historyCard(page, subject).waitFor();

    // The administrator answers it from the panel.
    const { page: adminPage } = await openPage(s.browser);
    await signedIn(adminPage, admin);
    await adminPage.goto(`${s.app.baseUrl}/home/admin?tab=support`);
    await adminPage.getByRole('heading', { level: 1, name: st.adminTitle }).waitFor();
    expect(await adminPage.getByRole('tab', { name: st.adminSupportTab }).getAttribute('aria-selected')).toBe('true');
    const ticket = adminCard(adminPage, subject);
    await ticket.waitFor();
    expect(await ticket.getByTestId('ticket-requester').textContent()).toBe(person.email);

    await ticket.getByRole('button', { name: st.adminRespond }).click();
    const send = ticket.getByRole('button', { name: st.adminSendResponse });
    expect(await send.isDisabled(), 'Send is disabled while the text is blank').toBe(true);
    await ticket.getByLabel(st.adminResponse).fill('   ');
    expect(await send.isDisabled()).toBe(true);
    const answer = 'Thank you for telling us. The image is back in your gallery now.';
    await ticket.getByLabel(st.adminResponse).fill(answer);
    const answered = adminPage.waitForResponse((res) => res.url().endsWith('/response') && res.request().method() === 'POST');
    await send.click();
    const result = (await (await answered).json()) as { notified: boolean; ticket: { status: string } };
    expect(result).toMatchObject({ notified: true, ticket: { status: 'answered' } });
    await toast(adminPage, st.adminResponded).waitFor();
    await expect.poll(() => ticket.getByTestId('ticket-status').textContent(), POLL).toBe(st.status.answered);

    // The person gets an e-mail with the answer…
    const mail = await s.mailbox.waitForMessage(person.email, { subjectIncludes: st.mailAnsweredSubject });
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(answer);

    // …and reads it on their Support page.
    await page.reload();
    const withAnswer = historyCard(page, subject);
    await withAnswer.getByRole('region', { name: st.ourAnswer }).getByText(answer).waitFor();
    expect(await withAnswer.getByTestId('ticket-status').textContent()).toBe(st.status.answered);

    // The administrator closes it: Close disappears, Respond stays.
    await ticket.getByRole('button', { name: st.adminClose }).click();
    await toast(adminPage, st.adminClosed).waitFor();
    await expect.poll(() => ticket.getByTestId('ticket-status').textContent(), POLL).toBe(st.status.closed);
    expect(await ticket.getByRole('button', { name: st.adminClose }).count()).toBe(0);
    expect(await ticket.getByRole('button', { name: st.adminRespondAgain }).isEnabled()).toBe(true);

    await page.reload();
    await expect.poll(() => historyCard(page, subject).getByTestId('ticket-status').textContent(), POLL).toBe(st.status.closed);
  });

  it('shows a person none of anyone else’s tickets, on the page or through the API', async () => {
    const { page: firstPage } = await openPage(s.browser);
    const first = await verifiedUser();
    await signedIn(firstPage, first);
    await firstPage.goto(`${s.app.baseUrl}/home/support`);
    const subject = 'A private matter between us';
    await submitTicket(firstPage, subject, 'This is only for the Souvenir team to read, thank you.');
    await historyCard(firstPage, subject).waitFor();

    const { page } = await openPage(s.browser);
    const second = await verifiedUser();
    await signedIn(page, second);
    await page.goto(`${s.app.baseUrl}/home/support?tab=history`);
    await page.getByText(st.noTickets).waitFor();
    expect(await page.getByText(subject).count()).toBe(0);

    const fromPage = await page.evaluate(async () => {
      const own = await fetch('/api/support/tickets');
      const all = await fetch('/api/admin/support/tickets');
      return { ownStatus: own.status, own: (await own.json()) as { items: Array<{ subject: string }> }, allStatus: all.status };
    });
    expect(fromPage.ownStatus).toBe(200);
    expect(fromPage.own.items).toEqual([]);
    expect(fromPage.allStatus, 'the administrators’ list is refused').toBe(403);
  });

  it('sends someone who is not an administrator away from the admin panel', async () => {
    const { page } = await openPage(s.browser);
    await signedIn(page, await verifiedUser());
    await page.goto(`${s.app.baseUrl}/home/admin?tab=support`);
    await toast(page, st.notAdmin).waitFor();
    await expect.poll(() => pathOf(page), POLL).not.toMatch(/^\/home\/admin/);
    expect(await page.getByRole('heading', { name: st.adminTitle }).count()).toBe(0);
  });

  it('speaks French to a French person, validation included', async () => {
    const fr = supportUi('fr');
    const { page } = await openPage(s.browser, { locale: 'fr-FR' });
    await signedIn(page, await verifiedUser({ language: 'fr', firstName: 'Camille' }));
    await page.goto(`${s.app.baseUrl}/home/support`);
    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();

    await submitTicket(page, 'Aïe', 'Trop court', 'fr');
    await page.getByText(fr.subjectTooShort).waitFor();
    await page.getByText(fr.messageTooShort).waitFor();

    const subject = 'Une question sur mes souvenirs';
    await submitTicket(page, subject, 'Est-ce que je peux télécharger mes images en plus grand format ?', 'fr');
    await toast(page, fr.submitSuccess).waitFor();
    const card = page.getByRole('list', { name: fr.historyList }).getByRole('article', { name: subject });
    await card.waitFor();
    expect(await card.getByTestId('ticket-status').textContent()).toBe(fr.status.open);
  });

  it('fits a 375 px screen: the form, the history and the admin panel', async () => {
    const { page } = await openPage(s.browser, { mobile: true });
    await signedIn(page, await verifiedUser());
    await page.goto(`${s.app.baseUrl}/home/support`);
    await page.getByRole('heading', { level: 1, name: st.title }).waitFor();
    await expectNoHorizontalOverflow(page);

    const subject = 'Averyveryveryverylongwordwithoutanyspacesthatmustwrapnicely';
    await submitTicket(page, subject, 'Checking that long words wrap on a small phone screen.');
    await historyCard(page, subject).waitFor();
    await expectNoHorizontalOverflow(page);

    const { page: adminPage } = await openPage(s.browser, { mobile: true });
    await signedIn(adminPage, admin);
    await adminPage.goto(`${s.app.baseUrl}/home/admin?tab=support`);
    await adminCard(adminPage, subject).waitFor();
    await adminCard(adminPage, subject).getByRole('button', { name: st.adminRespond }).click();
    await expectNoHorizontalOverflow(adminPage);
  });
});
