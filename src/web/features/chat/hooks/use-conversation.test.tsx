import { INACTIVITY_THRESHOLD_MS } from '@shared/limits';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConversationStore, newConversation, type ConversationStore, type StoredMessage } from '@web/lib/conversation-store';
import { i18n } from '@web/lib/i18n';
import { createMessage } from '../messages';
import { useConversation, type WelcomeContext } from './use-conversation';

const MINUTE = 60_000;
const returning: WelcomeContext = { journalDays: 4, firstName: 'Camille', agentName: 'Lune', voice: true, hasAccess: true };
const firstVisit: WelcomeContext = { journalDays: 0, firstName: 'Camille', agentName: 'Lune', voice: true, hasAccess: true };

let store: ConversationStore;

beforeEach(() => {
  // IndexedDB-free store: the life-cycle rules are what is under test here.
  store = createConversationStore({ indexedDB: null });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 20, 0));
});

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

/** Lets the store's promises and React's updates settle, and moves the clock on by `ms`. */
async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function open(welcome: WelcomeContext = returning, userId = 'user-1') {
  const hook = renderHook((props: { welcome: WelcomeContext | null }) => useConversation({ userId, welcome: props.welcome, store }), {
    initialProps: { welcome },
  });
  await advance();
  return hook;
}

function storedSession(messages: StoredMessage[], { minutesAgo, userId = 'user-1' }: { minutesAgo: number; userId?: string }) {
  const lastActivity = Date.now() - minutesAgo * MINUTE;
  return newConversation(userId, 'en', messages, lastActivity);
}

describe('starting a session', () => {
  it('waits for the status before saying anything', async () => {
    const { result } = renderHook(() => useConversation({ userId: 'user-1', welcome: null, store }));
    await advance();
    expect(result.current.record).toBeNull();
  });

  it('on the first visit, opens with the long welcome that explains the day, in the agent’s name', async () => {
    const { result } = await open(firstVisit);
    const messages = result.current.record?.messages ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ isUser: false, kind: 'welcome', timestamp: '20:00' });
    expect(messages[0]?.content).toContain("Hello Camille, I'm Lune.");
    expect(messages[0]?.content).toContain('at least three messages');
    expect(messages[0]?.content).toContain('press the microphone and speak');
    // True whether or not the person later keeps their conversations encrypted on the server.
    expect(messages[0]?.content).toContain('our server never keeps it in a form anyone could read');
    expect(messages[0]?.content).not.toContain("isn't kept on our server");
    // Keeping conversations across devices is explained from the first day, not only once a memory is made.
    expect(messages[0]?.content).toContain('you can keep your conversations encrypted: your profile explains how');
  });

  it('on the first visit without a transcription service, asks to type and never mentions a microphone', async () => {
    const { result } = await open({ ...firstVisit, voice: false });
    const content = result.current.record?.messages[0]?.content ?? '';
    expect(content).toContain('Tell me about it in your own words: type it below.');
    expect(content).not.toMatch(/microphone/i);
    await act(() => i18n.changeLanguage('fr'));
    await advance();
    expect(result.current.record?.messages[0]?.content).toContain('écris-la ci-dessous');
    expect(result.current.record?.messages[0]?.content).not.toMatch(/micro/i);
  });

  it('afterwards, greets briefly by first name', async () => {
    const { result } = await open(returning);
    expect(result.current.record?.messages.map((m) => m.content)).toEqual(["Hello Camille, it's Lune. I'm glad you're here. How was your day?"]);
  });

  it('without access (after the free first session), greets without asking a question it could not hear answered', async () => {
    const { result } = await open({ ...returning, hasAccess: false });
    expect(result.current.record?.messages.map((m) => m.content)).toEqual(["Hello Camille, it's Lune. I'm glad to see you again."]);
  });

  it('greets without a name when none is known', async () => {
    const { result } = await open({ ...returning, firstName: '  ' });
    expect(result.current.record?.messages[0]?.content).toMatch(/^Hello, it's Lune\./);
  });

  it('saves the new session on the device', async () => {
    const { result } = await open();
    expect((await store.loadCurrent('user-1'))?.conversationId).toBe(result.current.record?.conversationId);
  });
});

describe('restoring today’s session', () => {
  it('restores the stored messages when the session is today’s and was active in the last 30 minutes', async () => {
    const stored = storedSession([createMessage('Hello', false, 'welcome'), createMessage('I walked by the sea', true)], { minutesAgo: 20 });
    await store.saveCurrent(stored);

    const { result } = await open();
    expect(result.current.record?.conversationId).toBe(stored.conversationId);
    expect(result.current.record?.messages.map((m) => m.content)).toEqual(['Hello', 'I walked by the sea']);
  });

  it('starts afresh after more than 30 minutes of quiet, keeping the old conversation on the device', async () => {
    const stored = storedSession([createMessage('Earlier', true)], { minutesAgo: 31 });
    await store.saveCurrent(stored);

    const { result } = await open();
    expect(result.current.record?.conversationId).not.toBe(stored.conversationId);
    expect(result.current.record?.messages).toHaveLength(1);
    expect(result.current.record?.messages[0]?.kind).toBe('welcome');
    expect(await store.getConversation('user-1', stored.conversationId)).not.toBeNull();
  });

  it('starts afresh when the stored session is from another day, even a few minutes ago', async () => {
    vi.setSystemTime(new Date(2026, 2, 11, 0, 5));
    const stored = storedSession([createMessage('Before midnight', true)], { minutesAgo: 10 });
    await store.saveCurrent(stored);

    const { result } = await open();
    expect(result.current.record?.conversationId).not.toBe(stored.conversationId);
  });

  it('never restores another person’s session', async () => {
    await store.saveCurrent(storedSession([createMessage('Not yours', true)], { minutesAgo: 1, userId: 'someone-else' }));
    const { result } = await open();
    expect(result.current.record?.messages.map((m) => m.content)).not.toContain('Not yours');
  });
});

describe('ending a session', () => {
  async function openWithMessage() {
    const hook = await open();
    const first = hook.result.current.record!;
    await act(async () => {
      hook.result.current.update(first.conversationId, (r) => ({ ...r, messages: [...r.messages, createMessage('Tired', true)], lastActivity: Date.now() }), { persist: true });
    });
    return { ...hook, first };
  }

  it('the 30-minute timer starts a new session once the conversation has been quiet for more than 30 minutes', async () => {
    const { result, first } = await openWithMessage();

    await advance(INACTIVITY_THRESHOLD_MS - MINUTE);
    expect(result.current.record?.conversationId).toBe(first.conversationId);

    await advance(MINUTE + 1);
    expect(result.current.record?.conversationId).not.toBe(first.conversationId);
    expect(result.current.record?.messages.map((m) => m.kind)).toEqual(['welcome']);
    expect((await store.loadCurrent('user-1'))?.conversationId).toBe(result.current.record?.conversationId);
  });

  it('a message keeps the session alive: the timer counts from the last activity', async () => {
    const { result, first } = await openWithMessage();
    await advance(20 * MINUTE);
    await act(async () => {
      result.current.update(first.conversationId, (r) => ({ ...r, lastActivity: Date.now() }));
    });
    await advance(20 * MINUTE);
    expect(result.current.record?.conversationId).toBe(first.conversationId);
  });

  it('notices the change of day when the window gets focus again', async () => {
    vi.setSystemTime(new Date(2026, 2, 10, 23, 50));
    const { result, first } = await openWithMessage();

    vi.setSystemTime(new Date(2026, 2, 11, 0, 5));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance();
    expect(result.current.record?.conversationId).not.toBe(first.conversationId);
    expect(result.current.record?.sessionDate).toBe('2026-03-11');
  });

  it('notices the inactivity when the tab becomes visible again', async () => {
    const { result, first } = await openWithMessage();
    // The tab was in the background: the clock moved on without the timers firing.
    vi.setSystemTime(Date.now() + 45 * MINUTE);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance();
    expect(result.current.record?.conversationId).not.toBe(first.conversationId);
  });

  it('leaves a fresh session alone on focus', async () => {
    const { result, first } = await openWithMessage();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance();
    expect(result.current.record?.conversationId).toBe(first.conversationId);
  });
});

const FRENCH_GREETING = 'Bonjour Camille, c’est Lune. Ça me fait plaisir de te retrouver. Comment s’est passée ta journée\u00a0?';
const ENGLISH_GREETING = "Hello Camille, it's Lune. I'm glad you're here. How was your day?";

describe('changing the interface language', () => {
  it('says the welcome again in the new language while the companion has not answered, on screen and on the device', async () => {
    const { result, rerender } = await open();
    const before = result.current.record!;
    expect(before.messages[0]?.content).toBe(ENGLISH_GREETING);

    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    // The status of the new language brings the agent's French name.
    rerender({ welcome: { ...returning, agentName: 'Luna' } });
    await advance();

    const after = result.current.record!;
    expect(after.messages[0]?.content).toBe(FRENCH_GREETING.replace('Lune', 'Luna'));
    // The same session, the same message (id, time, kind); only its words changed.
    expect({ ...after, messages: after.messages.map((m) => ({ ...m, content: '' })) }).toEqual({
      ...before,
      messages: before.messages.map((m) => ({ ...m, content: '' })),
    });
    expect((await store.loadCurrent('user-1'))?.messages[0]?.content).toBe(after.messages[0]?.content);

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    rerender({ welcome: returning });
    await advance();
    expect(result.current.record?.messages[0]?.content).toBe(ENGLISH_GREETING);
  });

  it('restores a session opened in another language with the welcome in the interface language', async () => {
    await store.saveCurrent(storedSession([createMessage(ENGLISH_GREETING, false, 'welcome'), createMessage('I walked to the lake', true)], { minutesAgo: 5 }));
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    const { result } = await open();
    expect(result.current.record?.messages.map((m) => m.content)).toEqual([FRENCH_GREETING, 'I walked to the lake']);
  });

  it('leaves a conversation that became a memory as it was written', async () => {
    const made = { ...storedSession([createMessage(ENGLISH_GREETING, false, 'welcome'), createMessage('Hi', true), createMessage('More', true)], { minutesAgo: 5 }), memoryId: 'memory-1' };
    await store.saveCurrent(made);
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    const { result } = await open();
    expect(result.current.record).toEqual(made);
  });

  it('once the companion has answered, keeps the conversation as it was said, and a later new session says hello in the new language', async () => {
    const { result, rerender } = await open();
    const opened = result.current.record!;
    act(() => {
      result.current.update(opened.conversationId, (record) => ({
        ...record,
        messages: [...record.messages, createMessage('I saw the sea', true), createMessage('That sounds calm.', false)],
      }));
    });
    const first = result.current.record!;

    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    rerender({ welcome: { ...returning, agentName: 'Lune' } });
    await advance();
    expect(result.current.record).toEqual(first);

    await advance(INACTIVITY_THRESHOLD_MS + 1);
    expect(result.current.record?.messages[0]?.content).toBe(FRENCH_GREETING);
    expect(result.current.record?.language).toBe('fr');
  });
});
