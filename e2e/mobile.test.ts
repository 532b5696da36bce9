// Journey 8: at 375 px the navigation lives in a bottom bar and a side drawer, and nothing overflows sideways; the
// chat's text box keeps most of the width even with the microphone showing.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { signedInUser } from './support/users';
import { startOpenAiStandIn } from '@tests/support/openai-stand-in';

const t = ui('en');
// A transcription service puts the microphone in the chat's input row, its most crowded state.
const standIn = await startOpenAiStandIn({ transcript: 'unused' });
afterAll(() => standIn.close());
const s = setupSuite({ app: { env: { AI_BASE_URL: standIn.baseUrl, AI_API_KEY: 'test', AI_TRANSCRIBE_MODEL: 'whisper-1' } } });

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

  it('chat: the text box has most of the width, and the finish action says what it does', async () => {
    const { page, context } = await openPage(s.browser, { mobile: true });
    await signedInUser(context, s.app);
    await openChat(page, s.app);

    const input = page.getByRole('textbox', { name: t.chatInput });
    await page.getByTestId('chat-mic').waitFor();
    await page.getByRole('button', { name: t.chatSend }).waitFor();
    const box = await input.boundingBox();
    expect(box, 'the text box is laid out').not.toBeNull();
    expect(box!.width, `the text box is ${box!.width}px wide`).toBeGreaterThanOrEqual(0.6 * 375);

    const finish = page.getByTestId('chat-generate-mobile');
    expect(await finish.isVisible()).toBe(true);
    expect(await finish.innerText(), 'its label is written on it').toBe(t.chatFinish);
    expect(await finish.getAttribute('aria-label'), 'named by its visible words').toBeNull();
    // The words take real room on screen (a visually hidden label would measure a pixel or nothing).
    const labelWidth = await finish.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return range.getBoundingClientRect().width;
    });
    expect(labelWidth).toBeGreaterThan(150);
    await expectNoHorizontalOverflow(page);
  });
});
