// The administrator panel, tried as a new administrator would: the first account of a fresh app renames the agent in
// both languages and gives it a picture (the chat shows them), closes memory creation for a day with a limit of 0 and
// opens it again, sends a test e-mail and reads it in the outbox, reminds people who stopped writing (each in their
// language) and reads those reminders, one of whom unsubscribes from the link without signing in and is never
// reminded again. Someone who is not an administrator gets nowhere, on the page or through the API.
// The app keeps e-mail in its outbox here (no SMTP), which is what the outbox viewer shows.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin, lastChatDaysAgo } from './support/admin-db';
import { adminUi } from './support/admin-texts';
import { safetyUi } from './support/safety-texts';
import { openPage, pathOf } from './support/browser';
import { withStoppedApp } from './support/database';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signInViaApi, type TestUser } from './support/users';

const t = ui('en');
const a = adminUi('en');
const s = setupSuite();

const POLL = { timeout: 10_000, interval: 100 };

// The first account of a fresh app is its administrator: made before anyone else in this file.
let admin: TestUser;
/** Two people who stopped writing ten days ago, for the reminders. */
let anna: TestUser;
let lea: TestUser;
/** A second administrator, who speaks French. */
let camille: TestUser;
beforeAll(async () => {
  admin = await registerViaApi(s.app, newUser({ firstName: 'Alex' }));
  anna = await registerViaApi(s.app, newUser({ firstName: 'Anna' }));
  lea = await registerViaApi(s.app, newUser({ firstName: 'Léa', language: 'fr' }));
  camille = await registerViaApi(s.app, newUser({ firstName: 'Camille', language: 'fr' }));
  // One stop of the app for both changes (a stop is a restart, several seconds on a busy machine).
  await withStoppedApp(s.app, async (db) => {
    await lastChatDaysAgo(db, [anna.email, lea.email], 10);
    await grantAdmin(db, camille.email);
  });
});

const toast = (page: Page, text: string) => page.getByRole('region', { name: t.toasts }).getByText(text, { exact: true });

async function openAdmin(page: Page, tab: keyof typeof a.tab, lang: 'en' | 'fr' = 'en') {
  await page.goto(`${s.app.baseUrl}/home/admin?tab=${tab}`);
  await page.getByRole('heading', { level: 1, name: adminUi(lang).title }).waitFor();
  expect(await page.getByRole('tab', { name: adminUi(lang).tab[tab] }).getAttribute('aria-selected')).toBe('true');
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** What GET /api/chat/status says to the page's signed-in person. */
async function chatStatus(page: Page, language: 'en' | 'fr') {
  return page.evaluate(async (lang) => {
    const res = await fetch(`/api/chat/status?language=${lang}`);
    return (await res.json()) as { generation: { canGenerate: boolean; limit: number; remaining: number }; agent: { name: string; avatarUrl: string | null } };
  }, language);
}

async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `page is ${widths.scroll}px wide in a ${widths.client}px viewport`).toBeLessThanOrEqual(widths.client);
}

/** Opens a message of the outbox by its subject and recipient; answers the dialog. */
async function openOutboxMessage(page: Page, subject: string, to: string) {
  const outbox = section(page, a.outbox);
  await outbox.getByRole('button', { name: a.outboxRefresh }).click();
  const item = outbox.getByRole('list', { name: a.outboxList }).getByRole('button').filter({ hasText: subject }).filter({ hasText: a.outboxTo(to) });
  await item.first().click();
  const dialog = page.getByRole('dialog', { name: subject });
  await dialog.waitFor();
  return dialog;
}

describe('administrator panel', () => {
  it('renames the agent in both languages, with its French gender, and gives it a picture: the chat shows them', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'agent');

    const names = section(page, a.agentNames);
    await names.getByLabel(a.agentNameEn).fill('Iris');
    await names.getByLabel(a.agentNameFr).fill('Théo');
    // Mira was feminine in French; Théo is not.
    expect(await names.getByLabel(a.agentGenderFr).inputValue()).toBe('feminine');
    await names.getByLabel(a.agentGenderFr).selectOption({ label: a.agentMasculine });
    await names.getByRole('button', { name: a.save }).click();
    await toast(page, a.saved).waitFor();
    expect(await names.getByRole('button', { name: a.save }).isDisabled(), 'nothing left to save').toBe(true);

    const picture = section(page, a.agentPicture);
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
    await picture.getByLabel(a.agentPictureFile).setInputFiles({ name: 'agent.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await toast(page, a.agentPictureUpdated).waitFor();
    const avatarUrl = await picture.getByRole('img', { name: a.agentPictureCurrent }).getAttribute('src');
    expect(avatarUrl).toMatch(/^\/files\/avatars\/agent\/[0-9a-f]{32}\.webp$/);

    // The chat greets with the new name and picture…
    await page.goto(`${s.app.baseUrl}/home/chat`);
    await page.getByRole('log', { name: a.chatLog('Iris') }).waitFor();
    const agentAvatar = page.locator('[data-testid="chat-message"][data-author="agent"] img').first();
    await expect.poll(() => agentAvatar.getAttribute('src'), POLL).toBe(avatarUrl);

    // …and by the French name in French, spoken of in the gender the administrator chose.
    const switcher = page.getByRole('banner').getByRole('group', { name: t.language });
    await switcher.getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByRole('log', { name: adminUi('fr').chatLog('Théo') }).waitFor();
    await expect.poll(() => page.getByTestId('chat-disclosure').textContent(), POLL).toBe(safetyUi('fr').disclosureOfflineMasculine('Théo'));
    // Back to English: the administrator's later journeys read the panel in English.
    await page.getByRole('banner').getByRole('group', { name: ui('fr').language }).getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('log', { name: a.chatLog('Iris') }).waitFor();
  });

  it('lowers the daily limit to 0, which refuses every memory, and raises it again', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'limits');

    const limits = section(page, a.limitsSection);
    await limits.getByLabel(a.dailyLimit).fill('0');
    await limits.getByRole('button', { name: a.save }).click();
    await toast(page, a.saved).waitFor();
    expect((await chatStatus(page, 'en')).generation).toMatchObject({ canGenerate: false, limit: 0, remaining: 0 });

    await page.goto(`${s.app.baseUrl}/home/chat`);
    await page.getByTestId('chat-limit-notice').getByText(t.chatLimitTitle(0)).waitFor();
    expect(await page.getByTestId('chat-generations').textContent()).toContain(t.chatGenerationsLeft(0, 0));

    await openAdmin(page, 'limits');
    await limits.getByLabel(a.dailyLimit).fill('1');
    await limits.getByRole('button', { name: a.save }).click();
    await toast(page, a.saved).waitFor();
    expect((await chatStatus(page, 'en')).generation).toMatchObject({ canGenerate: true, limit: 1, remaining: 1 });
    await page.goto(`${s.app.baseUrl}/home/chat`);
    await page.getByTestId('chat-generations').getByText(t.chatGenerationsLeft(1, 1)).waitFor();
    expect(await page.getByTestId('chat-limit-notice').count()).toBe(0);
  });

  it('sends a test e-mail and reads it in the outbox, its HTML kept in a sandbox', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'email');

    const tester = section(page, a.tester);
    await tester.getByRole('button', { name: a.sendTest }).click();
    await tester.getByText(a.recipientRequired).waitFor();

    const subject = 'Hello from the administrator panel';
    await tester.getByLabel(a.recipient).fill('friend@example.test');
    await tester.getByLabel(a.subject).fill(subject);
    await tester.getByLabel(a.body).fill('<p>It <b>works</b></p><script>parent.document.title = "pwned"</script>');
    await tester.getByRole('button', { name: a.sendTest }).click();
    await toast(page, a.testSent).waitFor();

    const dialog = await openOutboxMessage(page, subject, 'friend@example.test');
    const frame = dialog.getByTitle(a.messageContent);
    expect(await frame.getAttribute('sandbox')).toBe('');
    await frame.contentFrame().getByText('It works').waitFor();
    expect(await page.title(), 'the message’s script never ran').not.toBe('pwned');
    await dialog.getByRole('button', { name: a.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('reminds people who stopped writing, each in their language; one unsubscribes from the link and is not reminded again', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, admin);
    await openAdmin(page, 'email');

    const bulk = section(page, a.bulk);
    expect(await bulk.getByLabel(a.days).inputValue(), 'a week by default').toBe('7');
    await bulk.getByLabel(a.days).fill('0');
    await bulk.getByRole('button', { name: a.sendReminders }).click();
    await bulk.getByText(a.daysInvalid).waitFor();
    await bulk.getByLabel(a.days).fill('7');
    await bulk.getByRole('button', { name: a.sendReminders }).click();
    await toast(page, a.remindersSent(2)).waitFor();

    // Léa's is in French, with her name.
    let dialog = await openOutboxMessage(page, a.reminderSubject.fr, lea.email);
    await dialog.getByTitle(a.messageContent).contentFrame().getByText(a.reminderGreeting.fr('Léa')).waitFor();
    await dialog.getByRole('button', { name: a.close }).click();
    await dialog.waitFor({ state: 'detached' });

    // Anna's is in English, and ends with her own unsubscribe link.
    dialog = await openOutboxMessage(page, a.reminderSubject.en, anna.email);
    await dialog.getByTitle(a.messageContent).contentFrame().getByText(a.reminderGreeting.en('Anna')).waitFor();
    await dialog.getByText(a.textVersion).click();
    const text = (await dialog.getByTestId('admin-outbox-text').textContent()) ?? '';
    const link = /(https?:\/\/\S+\/unsubscribe\?\S+)/.exec(text)?.[1];
    expect(link, 'an unsubscribe link in the reminder').toBeDefined();
    await dialog.getByRole('button', { name: a.close }).click();
    await dialog.waitFor({ state: 'detached' });

    // Anna follows it, signed out, on another device.
    const { page: annaPage } = await openPage(s.browser);
    await annaPage.goto(link!);
    await annaPage.getByRole('heading', { level: 1, name: a.unsubscribeTitle }).waitFor();
    await annaPage.getByRole('button', { name: a.stopReminders }).click();
    await annaPage.getByRole('heading', { level: 1, name: a.unsubscribed }).waitFor();

    // A forged link changes nothing and says so calmly.
    const forged = new URL(link!);
    forged.searchParams.set('t', 'x'.repeat(43));
    await annaPage.goto(forged.href);
    await annaPage.getByRole('button', { name: a.stopReminders }).click();
    await annaPage.getByRole('heading', { level: 1, name: a.invalidLink }).waitFor();

    // Nobody is reminded twice within the threshold, and Anna never again.
    await bulk.getByRole('button', { name: a.sendReminders }).click();
    await toast(page, a.noneNeeded).waitFor();
    const single = section(page, a.single);
    await single.getByLabel(a.singleEmail).fill(anna.email);
    await single.getByRole('button', { name: a.sendReminder }).click();
    await toast(page, a.optedOut).waitFor();
  });

  it('refuses someone who is not an administrator, on the page and at every admin route', async () => {
    const { page } = await openPage(s.browser);
    await signInViaApi(page.context(), s.app, await registerViaApi(s.app, newUser()));
    await page.goto(`${s.app.baseUrl}/home/admin?tab=email`);
    await toast(page, a.notAdmin).waitFor();
    await expect.poll(() => pathOf(page), POLL).not.toMatch(/^\/home\/admin/);
    expect(await page.getByRole('heading', { name: a.title }).count()).toBe(0);

    const statuses = await page.evaluate(async () => {
      const json = { 'content-type': 'application/json' };
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/admin/settings'],
        ['PATCH', '/api/admin/settings', { agentName: 'Hacker' }],
        ['DELETE', '/api/admin/settings/agent-avatar'],
        ['POST', '/api/admin/email/test', { to: 'someone@example.test' }],
        ['GET', '/api/admin/outbox'],
        ['POST', '/api/admin/reminders/bulk', { days: 1 }],
        ['POST', '/api/admin/reminders/single', { email: 'someone@example.test' }],
        ['PUT', '/api/admin/community', { chatServerUrl: 'https://evil.example', calendarUrlEn: null, calendarUrlFr: null }],
      ];
      const result: Record<string, number> = {};
      for (const [method, url, body] of calls) {
        const res = await fetch(url, { method, headers: body === undefined ? {} : json, body: body === undefined ? undefined : JSON.stringify(body) });
        result[`${method} ${url}`] = res.status;
      }
      return result;
    });
    for (const [route, status] of Object.entries(statuses)) expect(status, route).toBe(403);
  });

  it('speaks French to a French administrator and fits a 375 px screen', async () => {
    const fr = adminUi('fr');
    const french = camille;
    const { page } = await openPage(s.browser, { mobile: true, locale: 'fr-FR' });
    await signInViaApi(page.context(), s.app, french);

    await openAdmin(page, 'email', 'fr');
    const bulk = section(page, fr.bulk);
    await bulk.getByLabel(fr.days).fill('0');
    await bulk.getByRole('button', { name: fr.sendReminders }).click();
    await bulk.getByText(fr.daysInvalid).waitFor();
    await section(page, fr.outbox).waitFor();
    await expectNoHorizontalOverflow(page);

    for (const tab of ['prompt', 'agent', 'images', 'limits', 'global'] as const) {
      await page.getByRole('tab', { name: fr.tab[tab] }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab'), POLL).toBe(tab);
      await page.getByRole('tabpanel').getByRole('button', { name: fr.save }).first().waitFor();
      await expectNoHorizontalOverflow(page);
    }
  });
});
