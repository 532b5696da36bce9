// The daily chat as the journeys see it: its messages, its replies as they stream, and the toasts it shows.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app';
import { ui } from './texts';

export interface ShownMessage {
  author: 'user' | 'agent';
  kind: string | null;
  /** The bubble's text, as the person reads it (line breaks kept). */
  text: string;
}

/** Every message of the conversation, in order. */
export async function readMessages(page: Page): Promise<ShownMessage[]> {
  return page.getByTestId('chat-message').evaluateAll((items) =>
    items.map((item) => ({
      author: item.getAttribute('data-author') as 'user' | 'agent',
      kind: item.getAttribute('data-kind'),
      // <li> → [avatar, column → [name · time, bubble, (a note under it)]]
      text: (item.querySelector('[data-bubble]') ?? item.lastElementChild?.lastElementChild)?.textContent ?? '',
    })),
  );
}

/** A toast (sonner), found by its text inside the notifications region. */
export function toast(page: Page, text: string) {
  return page.getByRole('region', { name: ui('en').toasts }).getByText(text, { exact: true });
}

/** Opens /home/chat and waits for the conversation to be ready (the agent's welcome is the first message). */
export async function openChat(page: Page, app: RunningApp) {
  await page.goto(app.baseUrl + '/home/chat');
  await page.getByTestId('chat-message').first().waitFor();
}

/**
 * Waits until no reply is on its way — the log is idle, nothing is streaming — and the agent has written
 * `agentMessages` messages in all (the welcome included).
 */
export async function waitForReplies(page: Page, agentMessages: number) {
  await page.waitForFunction(
    (expected) => {
      const log = document.querySelector('[data-testid="chat-messages"]');
      return (
        log?.getAttribute('data-status') === 'idle' &&
        !log.querySelector('[data-streaming]') &&
        log.querySelectorAll('[data-testid="chat-message"][data-author="agent"]').length === expected
      );
    },
    agentMessages,
    { timeout: 20_000 },
  );
}

/** Types a message, sends it with Enter and returns the agent's whole reply once it has finished. */
export async function sendAndWaitForReply(page: Page, text: string, lang: 'en' | 'fr' = 'en'): Promise<string> {
  const before = await readMessages(page);
  const input = page.getByRole('textbox', { name: ui(lang).chatInput });
  await input.fill(text);
  await input.press('Enter');
  await waitForReplies(page, before.filter((m) => m.author === 'agent').length + 1);
  const after = await readMessages(page);
  expect(after.slice(0, before.length), 'the earlier messages are unchanged').toEqual(before);
  expect(after.slice(before.length).map((m) => m.author), 'one message from the person, then one reply').toEqual(['user', 'agent']);
  expect(after[before.length]!.text).toBe(text.trim());
  expect(after.at(-1)!.kind, 'a real reply, not the apology after a failure').toBeNull();
  return after.at(-1)!.text;
}

interface ReplyWatch {
  /** The log's data-status values, each change once. */
  phases: string[];
  /** The text of the growing message, each time it was seen while it streamed. */
  growing: string[];
  /** Whether the desktop finish button was disabled, each time a reply was seen streaming. */
  finishDisabledWhileStreaming: boolean[];
}

/**
 * Records, from inside the page, every state the message log goes through (a reply may stream in well
 * under a second, too fast to poll for). Lasts until the next navigation.
 */
export async function watchReplies(page: Page): Promise<() => Promise<ReplyWatch>> {
  await page.evaluate(() => {
    const watch: ReplyWatch = { phases: [], growing: [], finishDisabledWhileStreaming: [] };
    (window as unknown as { __replyWatch: ReplyWatch }).__replyWatch = watch;
    const record = () => {
      const log = document.querySelector('[data-testid="chat-messages"]');
      const phase = log?.getAttribute('data-status') ?? 'absent';
      if (watch.phases.at(-1) !== phase) watch.phases.push(phase);
      const growing = log?.querySelector('[data-testid="chat-message"][data-streaming="true"]');
      const text = growing?.lastElementChild?.lastElementChild?.textContent;
      if (text && watch.growing.at(-1) !== text) watch.growing.push(text);
      const finish = document.querySelector<HTMLButtonElement>('[data-testid="chat-finish"]');
      if (phase === 'streaming' && finish) watch.finishDisabledWhileStreaming.push(finish.disabled);
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __replyWatch: ReplyWatch }).__replyWatch);
}
