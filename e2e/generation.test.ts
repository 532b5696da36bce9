// Turning the day's conversation into a memory, on the embedded defaults (offline companion, offline extractor and
// artwork, local storage): three messages, "finish", the rotating progress, the new memory's page with its title,
// reflection and artwork, then the day's limit — in the chat and on the server.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { openChat, readMessages, sendAndWaitForReply, toast } from './support/chat';
import { setupSuite } from './support/suite';
import { ui } from './support/texts';
import { newUser, registerViaApi, signedInUser, signInViaApi } from './support/users';

const s = setupSuite();

const MEMORY_PATH = /^\/home\/memories\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface GenerationWatch {
  /** Each line of the rotating message, once per change. */
  lines: string[];
  /** Every toast title seen. */
  toasts: string[];
  /** While a line showed: was the text box disabled, and was the finish button busy and disabled? */
  inputDisabled: boolean[];
  finishBusy: boolean[];
}

/**
 * Records, from inside the page, what the chat shows while the memory is made (on the embedded defaults it may take
 * well under a second, too fast to poll for). Client-side navigation keeps it: it lasts until a reload.
 */
async function watchGeneration(page: Page): Promise<() => Promise<GenerationWatch>> {
  await page.evaluate(() => {
    const watch: GenerationWatch = { lines: [], toasts: [], inputDisabled: [], finishBusy: [] };
    (window as unknown as { __generationWatch: GenerationWatch }).__generationWatch = watch;
    const record = () => {
      const line = document.querySelector('[data-testid="loading-message"]')?.textContent;
      if (line) {
        if (watch.lines.at(-1) !== line) watch.lines.push(line);
        const input = document.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]');
        if (input) watch.inputDisabled.push(input.disabled);
        const finish = document.querySelector<HTMLButtonElement>('[data-testid="chat-finish"], [data-testid="chat-generate-mobile"]');
        if (finish) watch.finishBusy.push(finish.disabled && finish.getAttribute('aria-busy') === 'true');
      }
      for (const title of document.querySelectorAll('[data-sonner-toast] [data-title]')) {
        const text = title.textContent ?? '';
        if (text && !watch.toasts.includes(text)) watch.toasts.push(text);
      }
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __generationWatch: GenerationWatch }).__generationWatch);
}

/** POST /api/generations from the page (the person's own cookies), as a second try the same day would. */
function generateFromPage(page: Page, key: string, language: 'en' | 'fr') {
  return page.evaluate(
    async ({ key, language }) => {
      const res = await fetch('/api/generations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          conversationId: crypto.randomUUID(),
          language,
          messages: [
            { role: 'assistant', content: 'How was your day?' },
            { role: 'user', content: 'I walked along the canal after work' },
            { role: 'assistant', content: 'Tell me more about the canal.' },
          ],
        }),
      });
      return { status: res.status, body: (await res.json()) as { memoryId?: string; error?: { code?: string } } };
    },
    { key, language },
  );
}

/** The memory's page once it is whole: its title, its reflection, and an artwork that really loaded. */
async function readMemoryPage(page: Page) {
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  const reflection = (await page.getByTestId('memory-reflection').textContent())?.trim() ?? '';
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="memory-image"]');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  const image = await page.getByTestId('memory-image').evaluate((img: HTMLImageElement) => ({
    alt: img.alt,
    src: img.getAttribute('src') ?? '',
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
    shownWidth: img.getBoundingClientRect().width,
    shownHeight: img.getBoundingClientRect().height,
  }));
  const date = (await page.locator('[data-testid="memory-detail"] time').textContent())?.trim() ?? '';
  return { title, reflection, image, date };
}

describe('finishing the day’s conversation', () => {
  it('makes a memory from three messages, shows it, then holds to the day’s limit in the chat and on the server', async () => {
    const t = ui('en');
    const user = await registerViaApi(s.app, newUser({ firstName: 'Anouk' }));
    const { page, context } = await openPage(s.browser);
    await signInViaApi(context, s.app, user);
    // Free access, so that the chat stays open after the first memory. The first account of a fresh app is its
    // administrator: she grants it to herself with the administrator's own tool, with no restart of the app.
    const me = (await (await context.request.get(`${s.app.baseUrl}/api/me`)).json()) as { user: { id: string } };
    const granted = await context.request.put(`${s.app.baseUrl}/api/admin/users/${me.user.id}/free-access`, { data: { freeAccess: true }, headers: { origin: s.app.baseUrl } });
    expect(granted.status(), await granted.text()).toBeLessThan(300);
    await openChat(page, s.app);
    expect(await page.getByTestId('chat-generations').textContent()).toContain(t.chatGenerationsLeft(1, 1));

    await sendAndWaitForReply(page, 'My grandmother baked cardamom buns this morning');
    await sendAndWaitForReply(page, 'We rowed a wooden boat across the harbour');
    await sendAndWaitForReply(page, 'In the evening I repaired my bicycle chain');
    const conversation = await readMessages(page);

    const watch = await watchGeneration(page);
    const finish = page.getByTestId('chat-finish');
    expect(await finish.textContent()).toBe(t.chatFinish);
    const requested = page.waitForRequest((r) => r.url().endsWith('/api/generations'));
    await finish.click();

    const request = await requested;
    const key = request.headers()['idempotency-key'] ?? '';
    expect(key).toMatch(UUID);
    const sent = request.postDataJSON() as { conversationId: string; language: string; messages: { role: string; content: string }[] };
    expect(sent.conversationId).toMatch(UUID);
    expect(sent.language).toBe('en');
    expect(sent.messages.map((m) => m.content)).toEqual(conversation.map((m) => m.text.trim()));

    await page.waitForURL((url) => MEMORY_PATH.test(url.pathname), { timeout: 30_000 });
    const memoryId = new URL(page.url()).pathname.split('/').pop()!;
    await toast(page, t.generationCreated).waitFor();

    const seen = await watch();
    expect(seen.lines[0], 'the rotating progress message showed').toBe(t.generationFirstLine);
    expect(seen.inputDisabled.length).toBeGreaterThan(0);
    expect(seen.inputDisabled.every(Boolean), 'the text box waits while the memory is made').toBe(true);
    expect(seen.finishBusy.every(Boolean), 'the finish button shows its progress').toBe(true);
    expect(seen.toasts).toEqual(expect.arrayContaining([t.generationCreated]));

    const memory = await readMemoryPage(page);
    expect(memory.title.length).toBeGreaterThan(2);
    expect(memory.reflection.length).toBeGreaterThan(40);
    expect(memory.reflection, 'an English reflection').toMatch(/\b(you|your|the|a|of)\b/i);
    // The browser picks the rendition that fits the frame (srcset), so the file shown is square, not always 1024 px.
    expect(memory.image.alt).toBe(memory.title);
    expect(memory.image.naturalWidth).toBeGreaterThan(0);
    expect(memory.image.naturalHeight).toBe(memory.image.naturalWidth);
    expect(memory.image.src).toMatch(/^\/files\/memories\/.+\.png$/);
    expect(Math.round(memory.image.shownWidth), 'the artwork stays square').toBe(Math.round(memory.image.shownHeight));
    expect(memory.image.shownWidth).toBeLessThanOrEqual(640);
    expect(memory.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await page.getByRole('region', { name: t.memoryReflection }).waitFor();
    expect(await page.getByRole('link', { name: t.memoryBack }).getAttribute('href')).toBe('/home/memories');
    expect(await page.getByRole('link', { name: t.memoryBackHome }).getAttribute('href')).toBe('/home');

    // Back to the chat: nothing left today, the notice says so, the input waits for tomorrow, and the conversation is still here.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home/chat');
    const notice = page.getByTestId('chat-limit-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(t.chatLimitTitle(1));
    await expect.poll(() => page.getByTestId('chat-generations').textContent()).toContain(t.chatGenerationsLeft(0, 1));
    // A conversation that became a memory takes no new message: no box to type in, nothing to finish.
    const input = page.getByRole('textbox', { name: t.chatInput });
    expect((await input.count()) === 0 || (await input.isDisabled())).toBe(true);
    expect((await finish.count()) === 0 || (await finish.isDisabled())).toBe(true);
    await page.getByTestId('chat-memory-made').getByText(t.chatMemoryMade).waitFor();
    expect(await readMessages(page)).toEqual(conversation);

    // The server holds to it: the same key answers the same memory; a new one is refused for today.
    const again = await generateFromPage(page, key, 'en');
    expect(again.status).toBe(200);
    expect(again.body.memoryId).toBe(memoryId);
    const second = await generateFromPage(page, randomUUID(), 'en');
    expect(second.status).toBe(429);
    expect(second.body.error?.code).toBe('DAILY_LIMIT_REACHED');
  });

  it('in French, for a new person’s free first session: a French memory, then the way to a subscription', async () => {
    const t = ui('en');
    const fr = ui('fr');
    const { page, context } = await openPage(s.browser);
    await signedInUser(context, s.app, { firstName: 'Théo' });
    await openChat(page, s.app);
    await page.getByRole('banner').getByRole('group', { name: t.language }).getByRole('button', { name: 'FR', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: fr.chatTitle }).waitFor();

    await sendAndWaitForReply(page, 'Nous avons cueilli des framboises dans le jardin de Lucie', 'fr');
    await sendAndWaitForReply(page, 'Le soir nous avons mangé une tarte au citron', 'fr');
    await sendAndWaitForReply(page, 'Ensuite j’ai lu un livre près de la fenêtre', 'fr');

    const watch = await watchGeneration(page);
    const requested = page.waitForRequest((r) => r.url().endsWith('/api/generations'));
    await page.getByRole('button', { name: fr.chatFinish }).click();
    expect(((await requested).postDataJSON() as { language: string }).language).toBe('fr');

    await page.waitForURL((url) => MEMORY_PATH.test(url.pathname), { timeout: 30_000 });
    await toast(page, fr.generationCreated).waitFor();
    expect((await watch()).lines[0]).toBe(fr.generationFirstLine);

    const memory = await readMemoryPage(page);
    expect(memory.title.length).toBeGreaterThan(2);
    expect(memory.reflection, 'a French reflection').toMatch(/\b(tu|ta|ton|tes|toi|te|une|dans|et)\b/i);
    expect(memory.reflection, 'not an English one').not.toMatch(/\b(you|your|the)\b/i);
    // The browser picks the rendition that fits the frame (srcset), so the file shown is square, not always 1024 px.
    expect(memory.image.alt).toBe(memory.title);
    expect(memory.image.naturalWidth).toBeGreaterThan(0);
    expect(memory.image.naturalHeight).toBe(memory.image.naturalWidth);
    expect(memory.date).toMatch(/^\d{1,2}(er)? [a-zéû]+ \d{4}$/);
    await page.getByRole('region', { name: fr.memoryReflection }).waitFor();
    await page.getByRole('link', { name: fr.memoryBack }).waitFor();

    // The free first session is over: no memory is left today, and further sessions need a subscription.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/home/chat');
    await expect.poll(() => page.getByTestId('chat-generations').textContent()).toContain(fr.chatGenerationsLeft(0, 1));
    await page.getByTestId('chat-access-notice').getByRole('heading', { name: fr.chatNoAccessTitle }).waitFor();
    expect(await page.getByRole('textbox', { name: fr.chatInput }).count(), 'no input').toBe(0);
    await page.getByTestId('chat-memory-made').getByText(fr.chatMemoryMade).waitFor();

    // The server refuses a second memory today (access is checked before the limit: 402 for someone without a subscription).
    const second = await generateFromPage(page, randomUUID(), 'fr');
    expect(second.status).toBe(402);
    expect(second.body.error?.code).toBe('SUBSCRIPTION_REQUIRED');
  });
});
