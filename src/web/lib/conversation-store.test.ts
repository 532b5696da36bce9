import { IDBDatabase, IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createConversationStore, localDateKey, localTime, type StoredMessage } from './conversation-store';

function message(content: string, isUser = true): StoredMessage {
  return { id: crypto.randomUUID(), content, isUser, timestamp: '21:04', createdAt: Date.now() };
}

describe('conversation store (IndexedDB)', () => {
  it('starts a conversation with a fresh id and restores it as the current session, also from a new store on the same device', async () => {
    const factory = new IDBFactory();
    const store = createConversationStore({ indexedDB: factory });

    const started = await store.startNew('user-1', 'en', [message('Hello', false)]);
    expect(started.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.sessionDate).toBe(localDateKey());

    const saved = { ...started, messages: [...started.messages, message('My day was long')], lastActivity: started.lastActivity + 1000 };
    await store.saveCurrent(saved);

    // A reload: a new store over the same database.
    const reloaded = createConversationStore({ indexedDB: factory });
    expect(await reloaded.loadCurrent('user-1')).toEqual(saved);
  });

  it('keeps users apart: one never reads another’s session or conversation', async () => {
    const store = createConversationStore({ indexedDB: new IDBFactory() });
    const camille = await store.startNew('camille', 'fr', [message('Bonjour')]);
    const alex = await store.startNew('alex', 'en', [message('Hi')]);

    expect((await store.loadCurrent('camille'))?.messages[0]?.content).toBe('Bonjour');
    expect((await store.loadCurrent('alex'))?.messages[0]?.content).toBe('Hi');
    expect(await store.getConversation('alex', camille.conversationId)).toBeNull();
    expect(await store.getConversation('camille', camille.conversationId)).toMatchObject({ userId: 'camille' });
    expect(await store.getConversation('alex', alex.conversationId)).toMatchObject({ userId: 'alex' });
  });

  it('clearCurrent forgets the session but keeps the conversation for "view original conversation"', async () => {
    const store = createConversationStore({ indexedDB: new IDBFactory() });
    const first = await store.startNew('user-1', 'en', [message('Yesterday')]);

    await store.clearCurrent('user-1');
    expect(await store.loadCurrent('user-1')).toBeNull();
    expect(await store.getConversation('user-1', first.conversationId)).toMatchObject({ messages: [{ content: 'Yesterday' }] });

    const second = await store.startNew('user-1', 'en');
    expect(second.conversationId).not.toBe(first.conversationId);
    expect((await store.loadCurrent('user-1'))?.conversationId).toBe(second.conversationId);
  });

  it('clearAll wipes every conversation of every user on the device', async () => {
    const factory = new IDBFactory();
    const store = createConversationStore({ indexedDB: factory });
    const camille = await store.startNew('camille', 'fr', [message('Bonjour')]);
    await store.startNew('alex', 'en', [message('Hi')]);

    await store.clearAll();

    const reloaded = createConversationStore({ indexedDB: factory });
    for (const candidate of [store, reloaded]) {
      expect(await candidate.loadCurrent('camille')).toBeNull();
      expect(await candidate.loadCurrent('alex')).toBeNull();
      expect(await candidate.getConversation('camille', camille.conversationId)).toBeNull();
    }
  });

  it('stores a copy: changing the caller’s object afterwards changes nothing stored', async () => {
    const store = createConversationStore({ indexedDB: new IDBFactory() });
    const record = await store.startNew('user-1', 'en', [message('Original')]);
    record.messages[0]!.content = 'Changed';
    expect((await store.loadCurrent('user-1'))?.messages[0]?.content).toBe('Original');
  });

  it('writes nothing to localStorage or sessionStorage', async () => {
    const store = createConversationStore({ indexedDB: new IDBFactory() });
    await store.startNew('user-1', 'en', [message('A secret phrase')]);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('conversation store without IndexedDB (private mode)', () => {
  it('works in memory for the visit when IndexedDB is missing', async () => {
    const store = createConversationStore({ indexedDB: null });
    const started = await store.startNew('user-1', 'en', [message('Hello')]);
    await store.saveCurrent({ ...started, messages: [...started.messages, message('Still here')] });

    expect((await store.loadCurrent('user-1'))?.messages.map((m) => m.content)).toEqual(['Hello', 'Still here']);
    await store.clearAll();
    expect(await store.loadCurrent('user-1')).toBeNull();
  });

  it('falls back to memory, without logging, when IndexedDB refuses to open', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const store = createConversationStore({ indexedDB: refusing });

    const started = await store.startNew('user-1', 'en', [message('Hello')]);
    expect(await store.loadCurrent('user-1')).toMatchObject({ conversationId: started.conversationId });
  });

  it('falls back to memory, keeping what was said, when IndexedDB fails mid-visit', async () => {
    const factory = new IDBFactory();
    const store = createConversationStore({ indexedDB: factory });
    const started = await store.startNew('user-1', 'en', [message('Before')]);

    // From now on every transaction fails, as when the browser runs out of quota.
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    try {
      await store.saveCurrent({ ...started, messages: [...started.messages, message('After')] });
      expect((await store.loadCurrent('user-1'))?.messages.map((m) => m.content)).toEqual(['Before', 'After']);
    } finally {
      transaction.mockRestore();
    }
  });
});

describe('local date and time', () => {
  it('formats the local day and time with leading zeros', () => {
    const date = new Date(2026, 0, 5, 7, 3);
    expect(localDateKey(date)).toBe('2026-01-05');
    expect(localTime(date)).toBe('07:03');
  });
});
