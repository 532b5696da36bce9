import type { Language } from '@shared/limits';
import type { SafetyLevel } from '@shared/safety';

/**
 * The day's conversation lives only on this device: IndexedDB, per user, never
 * localStorage, the server or a log. Every conversation is kept by its id (so a memory can later show
 * "the original conversation" on the device that wrote it), and each user has one current session.
 * When IndexedDB is missing or refuses (private modes, quota), the store quietly keeps everything in
 * memory for the rest of the visit: the chat works, it is just not remembered after a reload.
 */

/** A chat message (id, text, whose), plus the moment it was written and what kind of agent message it is. */
export interface StoredMessage {
  id: string;
  content: string;
  isUser: boolean;
  /** Local wall-clock time, "hh:mm" (24 h). */
  timestamp: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Agent messages written by the app rather than the model: the opening welcome, or the apology after a failure. */
  kind?: 'welcome' | 'fallback';
  /** A reply the built-in companion wrote because the chosen AI service did not answer: said so under it. */
  standIn?: true;
  /**
   * The server asked, with this reply, to say again who answers (after seven days away, or three hours into a
   * conversation): a quiet line above it, in the header's words.
   */
  disclosure?: 'return' | 'long';
}

export interface ConversationRecord {
  conversationId: string;
  userId: string;
  /** The language the session started in (replies follow the interface language of the moment). */
  language: Language;
  /** Local calendar day the session started, "YYYY-MM-DD". */
  sessionDate: string;
  createdAt: number;
  /** Epoch milliseconds of the last message sent or received. */
  lastActivity: number;
  messages: StoredMessage[];
  /** Set once the conversation became a memory: the chat then offers that memory instead of a second one. */
  memoryId?: string;
  /**
   * The most worried the safety layer has been during this conversation. It only ever rises: once in
   * crisis, the help panel stays open for the rest of the conversation, reloads included.
   */
  safety?: ConversationSafety;
}

/** A safety level worth remembering (the server's `none` is simply the absence of one). */
export type ConversationSafety = Exclude<SafetyLevel, 'none'>;

/** The pointer from a user to their current session. */
interface CurrentSession {
  userId: string;
  conversationId: string;
  sessionDate: string;
  lastActivity: number;
  language: Language;
}

export interface ConversationStore {
  /** The user's current session with its messages, or null when there is none (or it cannot be read). */
  loadCurrent(userId: string): Promise<ConversationRecord | null>;
  /** Writes the conversation and makes it the user's current session. */
  saveCurrent(record: ConversationRecord): Promise<void>;
  /** Creates a conversation with a fresh id (optionally with its first messages), saves it as current and returns it. */
  startNew(userId: string, language: Language, messages?: StoredMessage[]): Promise<ConversationRecord>;
  /** One of the user's conversations, current or past; null if unknown here or another user's. */
  getConversation(userId: string, conversationId: string): Promise<ConversationRecord | null>;
  /** Every conversation of the user on this device (turning keeping on sends them all, encrypted). */
  listConversations(userId: string): Promise<ConversationRecord[]>;
  /** Forgets which session is current (the conversation itself stays, for "view original conversation"). */
  clearCurrent(userId: string): Promise<void>;
  /** Sign-out and account deletion: wipes every conversation of every user on this device. */
  clearAll(): Promise<void>;
}

const DB_NAME = 'souvenir-conversations';
const DB_VERSION = 1;
const CONVERSATIONS = 'conversations';
const SESSIONS = 'sessions';

const pad = (value: number) => String(value).padStart(2, '0');

/** Local calendar date "YYYY-MM-DD" (the day as the person lives it, not UTC). */
export function localDateKey(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local time "hh:mm", 24-hour. */
export function localTime(date: Date = new Date()): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function newConversation(userId: string, language: Language, messages: StoredMessage[] = [], now = Date.now()): ConversationRecord {
  return {
    conversationId: crypto.randomUUID(),
    userId,
    language,
    sessionDate: localDateKey(new Date(now)),
    createdAt: now,
    lastActivity: now,
    messages,
  };
}

const toSession = (record: ConversationRecord): CurrentSession => ({
  userId: record.userId,
  conversationId: record.conversationId,
  sessionDate: record.sessionDate,
  lastActivity: record.lastActivity,
  language: record.language,
});

// Records are copied in and out so a caller mutating its object never changes what is stored.
const copy = (record: ConversationRecord): ConversationRecord => ({ ...record, messages: record.messages.map((m) => ({ ...m })) });

interface Backend {
  loadCurrent(userId: string): Promise<ConversationRecord | null>;
  saveCurrent(record: ConversationRecord): Promise<void>;
  getConversation(conversationId: string): Promise<ConversationRecord | null>;
  listConversations(userId: string): Promise<ConversationRecord[]>;
  clearCurrent(userId: string): Promise<void>;
  clearAll(): Promise<void>;
}

function memoryBackend(): Backend {
  const conversations = new Map<string, ConversationRecord>();
  const sessions = new Map<string, CurrentSession>();
  return {
    async loadCurrent(userId) {
      const session = sessions.get(userId);
      const record = session ? conversations.get(session.conversationId) : undefined;
      return record ? copy(record) : null;
    },
    async saveCurrent(record) {
      conversations.set(record.conversationId, copy(record));
      sessions.set(record.userId, toSession(record));
    },
    async getConversation(conversationId) {
      const record = conversations.get(conversationId);
      return record ? copy(record) : null;
    },
    async listConversations(userId) {
      return [...conversations.values()].filter((record) => record.userId === userId).map(copy);
    },
    async clearCurrent(userId) {
      sessions.delete(userId);
    },
    async clearAll() {
      conversations.clear();
      sessions.clear();
    },
  };
}

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Some browsers never answer an open in private mode; past this the visit goes on in memory. */
const OPEN_TIMEOUT_MS = 3000;

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('IndexedDB open timed out')), OPEN_TIMEOUT_MS);
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DB_NAME, DB_VERSION);
    } catch (error) {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error('IndexedDB open failed'));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(CONVERSATIONS)) {
        db.createObjectStore(CONVERSATIONS, { keyPath: 'conversationId' }).createIndex('userId', 'userId');
      }
      if (!db.objectStoreNames.contains(SESSIONS)) db.createObjectStore(SESSIONS, { keyPath: 'userId' });
    };
    request.onsuccess = () => {
      clearTimeout(timer);
      const db = request.result;
      // Another tab upgrading the schema must not be blocked by this one.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => {
      clearTimeout(timer);
      reject(request.error ?? new Error('IndexedDB open failed'));
    };
    request.onblocked = () => {
      clearTimeout(timer);
      reject(new Error('IndexedDB open blocked'));
    };
  });
}

function indexedDbBackend(db: IDBDatabase): Backend {
  async function run<T>(mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
    const transaction = db.transaction([CONVERSATIONS, SESSIONS], mode);
    const done = transactionDone(transaction);
    // Marked as handled at once: if `work` throws first, the transaction's own failure is not reported twice.
    done.catch(() => undefined);
    const result = await work(transaction);
    await done;
    return result;
  }

  return {
    loadCurrent: (userId) =>
      run('readonly', async (tx) => {
        const session = (await promisify(tx.objectStore(SESSIONS).get(userId))) as CurrentSession | undefined;
        if (!session) return null;
        const record = (await promisify(tx.objectStore(CONVERSATIONS).get(session.conversationId))) as ConversationRecord | undefined;
        return record ?? null;
      }),
    saveCurrent: (record) =>
      run('readwrite', (tx) => {
        tx.objectStore(CONVERSATIONS).put(copy(record));
        tx.objectStore(SESSIONS).put(toSession(record));
      }),
    getConversation: (conversationId) =>
      run('readonly', async (tx) => {
        const record = (await promisify(tx.objectStore(CONVERSATIONS).get(conversationId))) as ConversationRecord | undefined;
        return record ?? null;
      }),
    listConversations: (userId) =>
      run('readonly', async (tx) => (await promisify(tx.objectStore(CONVERSATIONS).index('userId').getAll(userId))) as ConversationRecord[]),
    clearCurrent: (userId) =>
      run('readwrite', (tx) => {
        tx.objectStore(SESSIONS).delete(userId);
      }),
    clearAll: () =>
      run('readwrite', (tx) => {
        tx.objectStore(CONVERSATIONS).clear();
        tx.objectStore(SESSIONS).clear();
      }),
  };
}

interface StoreOptions {
  /** The IndexedDB to use; null forces memory only. Defaults to the browser's, looked up on first use. */
  indexedDB?: IDBFactory | null;
}

export function createConversationStore(options: StoreOptions = {}): ConversationStore {
  const memory = memoryBackend();
  let persistent: Promise<Backend | null> | null = null;
  let degraded = false;

  function persistentBackend(): Promise<Backend | null> {
    persistent ??= (async () => {
      const factory = options.indexedDB === undefined ? (globalThis.indexedDB as IDBFactory | undefined) : options.indexedDB;
      if (!factory) return null;
      try {
        return indexedDbBackend(await openDatabase(factory));
      } catch {
        // Private modes refuse IndexedDB; the visit goes on in memory.
        return null;
      }
    })();
    return persistent;
  }

  /**
   * Runs an operation on IndexedDB. Any failure switches the rest of the visit to memory, so the
   * person keeps talking; the memory copy always gets writes too, so nothing said so far is lost.
   */
  async function withBackend<T>(work: (backend: Backend) => Promise<T>): Promise<T> {
    const backend = degraded ? null : await persistentBackend();
    if (backend) {
      try {
        return await work(backend);
      } catch {
        degraded = true;
      }
    }
    return work(memory);
  }

  async function write(work: (backend: Backend) => Promise<void>): Promise<void> {
    await work(memory);
    const backend = degraded ? null : await persistentBackend();
    if (!backend) return;
    try {
      await work(backend);
    } catch {
      degraded = true;
    }
  }

  return {
    loadCurrent: (userId) => withBackend((backend) => backend.loadCurrent(userId)),
    saveCurrent: (record) => write((backend) => backend.saveCurrent(record)),
    async startNew(userId, language, messages = []) {
      const record = newConversation(userId, language, messages);
      await write((backend) => backend.saveCurrent(record));
      return copy(record);
    },
    async getConversation(userId, conversationId) {
      const record = await withBackend((backend) => backend.getConversation(conversationId));
      return record && record.userId === userId ? record : null;
    },
    listConversations: (userId) => withBackend((backend) => backend.listConversations(userId)),
    clearCurrent: (userId) => write((backend) => backend.clearCurrent(userId)),
    clearAll: () => write((backend) => backend.clearAll()),
  };
}

/** The device's store, used by the chat and cleared on sign-out. */
export const conversationStore = createConversationStore();
