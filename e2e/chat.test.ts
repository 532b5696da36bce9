// The daily chat with the embedded offline companion (the default: no AI service): a first conversation from
// sign-up to "finish", replies that stream and follow the language, the access rule after the free session,
// sign-out forgetting the conversation, and the chat on a phone.
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat, readMessages, sendAndWaitForReply, waitForReplies, watchReplies } from './support/chat';
import { addJournalDay } from './support/database';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, registerViaUi, signedInUser, signInViaApi, signInViaUi, signOutViaHeader } from './support/users';

const t = ui('en');
const fr = ui('fr');
const s = setupSuite();

// No feeling words (the companion would reflect those instead of the phrase) and at most ten words per line, so
// the companion quotes the line whole: the distinctive word must come back in its reply.
const FIRST = { text: 'My grandmother baked cardamom buns this morning\nso good', word: 'cardamom' };
const SECOND = { text: 'We rowed a wooden boat across the harbour', word: 'harbour' };
const THIRD = { text: 'In the evening I repaired my bicycle chain', word: 'bicycle' };

describe('a first conversation', () => {
  it('registers, starts from home, chats three times with streamed replies, may then finish, and reloads', async () => {
    const { page } = await openPage(s.browser);
    const user = newUser({ firstName: 'Anouk' });

    await registerViaUi(page, s.app, user);
    await page.getByText(t.registered).waitFor();
    await signInViaUi(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('heading', { level: 1, name: t.greeting(user.firstName) }).waitFor();

    const start = page.getByTestId('home-main-action');
    await page.locator('[data-testid="home-main-action"][data-action="start"]').waitFor();
    expect(await start.textContent()).toBe(t.homeStart);
    await start.click();
    await page.waitForURL((url) => url.pathname === '/home/chat');
    await page.getByRole('heading', { level: 1, name: t.chatTitle }).waitFor();

    // The long first-visit welcome, addressed to the person.
    const welcome = page.getByTestId('chat-message').first();
    await welcome.waitFor();
    expect(await welcome.getAttribute('data-author')).toBe('agent');
    expect(await welcome.getAttribute('data-kind')).toBe('welcome');
    const welcomeText = (await readMessages(page))[0]!.text;
    expect(welcomeText.startsWith(t.chatHello(user.firstName))).toBe(true);
    expect(welcomeText).toContain(t.chatFirstVisit);
    expect(await page.getByTestId('chat-generations').textContent()).toContain(`${t.chatGenerationsLeft(1, 1)}·${t.chatResetsIn}`);

    const input = page.getByRole('textbox', { name: t.chatInput });
    const send = page.getByRole('button', { name: t.chatSend, exact: true });
    const finish = page.getByRole('button', { name: t.chatFinish });
    expect(await finish.isDisabled(), 'finish is disabled with only the welcome').toBe(true);
    await page.getByText(t.chatFinishHint).waitFor();
    expect(await send.isDisabled(), 'nothing to send yet').toBe(true);

    // Whitespace only: the send button stays disabled and Enter sends nothing.
    await input.fill('   \n   ');
    expect(await send.isDisabled()).toBe(true);
    await input.press('Enter');
    // Shift+Enter adds a line instead of sending.
    await input.fill('My grandmother baked cardamom buns this morning');
    await input.press('Shift+Enter');
    await input.pressSequentially('so good');
    expect(await input.inputValue()).toBe(FIRST.text);
    expect((await readMessages(page)).map((m) => m.author), 'nothing was sent').toEqual(['agent']);

    const watch = await watchReplies(page);
    const reply = page.waitForRequest((request) => request.url().endsWith('/api/chat/reply'));
    await input.press('Enter');
    await expect.poll(() => input.inputValue(), { message: 'the box is emptied once sent' }).toBe('');
    await waitForReplies(page, 2);
    const request = (await reply).postDataJSON() as { language: string; messages: { role: string; content: string }[] };
    expect(request.language).toBe('en');
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: FIRST.text });
    let messages = await readMessages(page);
    expect(messages.map((m) => [m.author, m.kind])).toEqual([
      ['agent', 'welcome'],
      ['user', null],
      ['agent', null],
    ]);
    expect(messages[1]!.text, 'the two lines are one message').toBe(FIRST.text);
    expect(messages[2]!.text).toContain(FIRST.word);

    // Welcome, the person's message and a reply: enough to finish (docs/decisions/0009).
    expect(await finish.isEnabled()).toBe(true);
    expect(await page.getByText(t.chatFinishHint).count()).toBe(0);

    // The companion quotes the person at most once in a conversation: later replies are new words of its own.
    const second = await sendAndWaitForReply(page, SECOND.text);
    const third = await sendAndWaitForReply(page, THIRD.text);
    expect(second.length).toBeGreaterThan(0);
    expect(third).not.toBe(second);

    // Each reply went through the log's states and grew in place before it was whole.
    const seen = await watch();
    expect(seen.phases, 'waiting, then streaming, for each of the three replies').toEqual([
      ...['idle', 'waiting', 'streaming'],
      ...['idle', 'waiting', 'streaming'],
      ...['idle', 'waiting', 'streaming'],
      'idle',
    ]);
    // Three messages are there while the first reply streams, but nothing can be finished mid-reply.
    expect(seen.finishDisabledWhileStreaming.length).toBeGreaterThan(0);
    expect(seen.finishDisabledWhileStreaming.every(Boolean)).toBe(true);
    messages = await readMessages(page);
    const replies = messages.filter((m) => m.author === 'agent' && m.kind === null).map((m) => m.text);
    expect(
      seen.growing.some((partial) => replies.some((whole) => whole.startsWith(partial) && partial.length < whole.length)),
      'a reply was seen part-way through',
    ).toBe(true);

    // Finishing itself is e2e/generation.test.ts's journey.
    expect(await finish.isEnabled()).toBe(true);

    // The conversation lives on this device: a reload brings every message back, in order.
    await page.reload();
    await page.getByTestId('chat-message').nth(messages.length - 1).waitFor();
    expect(await readMessages(page)).toEqual(messages);
    expect(messages.filter((m) => m.author === 'user').map((m) => m.text)).toEqual([FIRST.text, SECOND.text, THIRD.text]);
    expect(await finish.isEnabled()).toBe(true);
  });

  it('answers in French once the header switches to French, keeping the conversation so far', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await signedInUser(context, s.app, { firstName: 'Théo' });
    await openChat(page, s.app);
    const welcome = (await readMessages(page))[0]!;
    expect(welcome.text.startsWith(t.chatHello(user.firstName))).toBe(true);

    await page.getByRole('banner').getByRole('group', { name: t.language }).getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: fr.chatTitle }).waitFor();
    await page.getByRole('textbox', { name: fr.chatInput }).waitFor();
    // The welcome, still the only message, follows the switch; nothing else is added or lost.
    await expect.poll(async () => (await readMessages(page)).map((m) => [m.author, m.text.startsWith(fr.chatHello(user.firstName))])).toEqual([[welcome.author, true]]);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/chat/reply'));
    const reply = await sendAndWaitForReply(page, 'Nous avons cueilli des framboises dans le jardin de Lucie', 'fr');
    expect(((await request).postDataJSON() as { language: string }).language).toBe('fr');

    expect(reply).toContain('framboises');
    // French words and French typography: the person's words between « guillemets », a typographic apostrophe.
    expect(reply).toMatch(/«\s.*framboises.*\s»/);
    expect(reply).toMatch(/\b(tu|te|toi|ta|ton|je|merci)\b/i);
    expect(reply).toContain('’');
    expect(reply, 'no English quotation marks').not.toMatch(/[“”]/);
  });
});

describe('after the free first session, without a subscription', () => {
  it('offers to subscribe instead of a session, shows the notice in the chat, and the server refuses replies', async () => {
    const user = await registerViaApi(s.app, newUser({ firstName: 'Inès' }));
    await addJournalDay(s.app, user.email);
    const { page, context } = await openPage(s.browser);
    await signInViaApi(context, s.app, user);

    await page.goto(s.app.baseUrl + '/home');
    const main = page.locator('[data-testid="home-main-action"][data-action="subscribe"]');
    await main.waitFor();
    expect(await main.textContent()).toBe(t.homeSubscribe);
    expect(await page.getByTestId('home-journal-days').textContent()).toBe(t.homeJournalDays(1));
    await page.getByText(t.homeSubscriptionRequired).waitFor();
    await main.click();
    await page.waitForURL((url) => url.pathname === '/home/pricing');
    await page.getByRole('heading', { name: t.pricingTitle }).waitFor();

    await page.goto(s.app.baseUrl + '/home/chat');
    const notice = page.getByTestId('chat-access-notice');
    await notice.getByRole('heading', { name: t.chatNoAccessTitle }).waitFor();
    expect(await notice.getByRole('link', { name: t.chatNoAccessAction }).getAttribute('href')).toBe('/home/pricing');
    expect(await page.getByRole('textbox', { name: t.chatInput }).count(), 'no input').toBe(0);
    expect(await page.getByRole('button', { name: t.chatFinish }).count(), 'no finish button').toBe(0);

    // The page only reflects the rule: the server applies it.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/chat/reply', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: crypto.randomUUID(), language: 'en', messages: [{ role: 'user', content: 'hello' }] }),
      });
      return { status: res.status, body: (await res.json()) as { error?: { code?: string } } };
    });
    expect(answer.status).toBe(402);
    expect(answer.body.error?.code).toBe('SUBSCRIPTION_REQUIRED');
  });
});

describe('signing out', () => {
  it('forgets the conversation: signing in again starts the chat afresh', async () => {
    const { page, context } = await openPage(s.browser);
    const user = await signedInUser(context, s.app, { firstName: 'Gaspard' });
    await openChat(page, s.app);
    const said = 'We planted tulips in the courtyard';
    expect(await sendAndWaitForReply(page, said)).toContain('tulips');

    await signOutViaHeader(page);
    await page.goto(s.app.baseUrl + '/auth');
    await signInViaUi(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/home');

    // The second sign-in: the welcome-back questions come up; not the point here.
    const dialog = page.getByRole('dialog', { name: t.welcomeBackTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: t.welcomeBackSkip }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.locator('[data-testid="home-main-action"][data-action="start"]').click();
    await page.waitForURL((url) => url.pathname === '/home/chat');
    await page.getByTestId('chat-message').first().waitFor();
    const messages = await readMessages(page);
    expect(messages.map((m) => [m.author, m.kind])).toEqual([['agent', 'welcome']]);
    expect(await page.getByText(said).count()).toBe(0);
  });
});

describe('the chat on a phone (375 px)', () => {
  it('fills the screen without scrolling the page, with the generate button beside the input', async () => {
    const { page, context } = await openPage(s.browser, { mobile: true });
    await signedInUser(context, s.app);
    await openChat(page, s.app);

    const noPageScroll = () =>
      page.evaluate(() => ({ scroll: document.scrollingElement!.scrollHeight, viewport: window.innerHeight }));
    let size = await noPageScroll();
    expect(size.scroll, `page ${size.scroll}px tall in a ${size.viewport}px viewport`).toBeLessThanOrEqual(size.viewport + 1);

    const generate = page.getByTestId('chat-generate-mobile');
    await generate.waitFor();
    expect(await generate.innerText()).toBe(t.chatFinish);
    expect(await generate.isDisabled()).toBe(true);
    expect(await page.getByTestId('chat-finish').count(), 'no desktop finish button').toBe(0);

    // A long welcome and an exchange scroll inside the conversation, never the page.
    await sendAndWaitForReply(page, 'The tram was late but the sunset over the bridge was worth it');
    expect(await generate.isEnabled()).toBe(true);
    size = await noPageScroll();
    expect(size.scroll, `page ${size.scroll}px tall in a ${size.viewport}px viewport`).toBeLessThanOrEqual(size.viewport + 1);
    const log = await page.getByTestId('chat-messages').evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(log.scroll, 'the conversation scrolls within its own box').toBeGreaterThan(log.client);
  });
});
