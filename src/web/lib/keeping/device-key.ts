/**
 * The unlocked data key of kept conversations, on this device: a non-extractable CryptoKey in IndexedDB
 * (the browser can use it, nobody can read its bytes), per user, so the passphrase is asked once per
 * device. Cleared on sign-out with the conversations. Without IndexedDB it lasts for the visit.
 */
const DB_NAME = 'souvenir-keeping';
const STORE = 'keys';

interface Stored {
  userId: string;
  key: CryptoKey;
}

const memory = new Map<string, CryptoKey>();

function open(): Promise<IDBDatabase | null> {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (!factory) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'userId' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | null): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB aborted'));
    });
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

export async function getDeviceKey(userId: string): Promise<CryptoKey | null> {
  const kept = memory.get(userId);
  if (kept) return kept;
  const stored = (await run('readonly', (store) => store.get(userId) as IDBRequest<Stored | undefined>)) ?? null;
  if (stored) memory.set(userId, stored.key);
  return stored?.key ?? null;
}

export async function setDeviceKey(userId: string, key: CryptoKey): Promise<void> {
  memory.set(userId, key);
  await run('readwrite', (store) => store.put({ userId, key } satisfies Stored));
}

/** Sign-out, account erasure, turning keeping off: this device forgets every key. */
export async function clearDeviceKeys(): Promise<void> {
  memory.clear();
  await run('readwrite', (store) => store.clear());
}
