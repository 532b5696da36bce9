import { keepingStatusSchema, keptConversationListSchema, keptConversationSchema, type KeyEnvelope } from '@shared/contracts/keeping';
import { apiClient, ApiError } from '../api-client';
import { conversationStore, type ConversationRecord, type StoredMessage } from '../conversation-store';
import { createKeys, decryptConversation, encryptConversation, rewrap, unlock } from './crypto';
import { clearDeviceKeys, getDeviceKey, setDeviceKey } from './device-key';

/**
 * Everything that moves kept conversations: loaded only by the screens that need it (the chat, the
 * conversation dialog, the profile), so the signed-in shell carries none of it.
 */

export type Secret = { passphrase: string } | { recoveryKey: string };

/** A conversation as it is encrypted: the record without the device's own pointer to its owner. */
type Sealed = Omit<ConversationRecord, 'userId'>;

const sealable = ({ userId: _userId, ...rest }: ConversationRecord): Sealed => rest;

function isRecord(value: unknown): value is Sealed {
  const candidate = value as Partial<Sealed> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.conversationId === 'string' && Array.isArray(candidate.messages);
}

async function upload(userId: string, key: CryptoKey, record: ConversationRecord): Promise<void> {
  const envelope = await encryptConversation(key, { userId, conversationId: record.conversationId }, sealable(record));
  await apiClient.put(`/api/keeping/conversations/${encodeURIComponent(record.conversationId)}`, envelope);
}

/** Turns keeping on: new keys, the envelope to the server, the key on this device, then every conversation here. */
export async function setUpKeeping(userId: string, passphrase: string): Promise<{ recoveryKey: string }> {
  const { envelope, recoveryKey, dataKey } = await createKeys(passphrase);
  await apiClient.post('/api/keeping', { keys: envelope }, { schema: keepingStatusSchema });
  await setDeviceKey(userId, dataKey);
  await uploadAll(userId);
  return { recoveryKey };
}

/** Sends every conversation this device holds (skipping empty ones); a failure leaves the rest for later saves. */
export async function uploadAll(userId: string): Promise<void> {
  const key = await getDeviceKey(userId);
  if (!key) return;
  for (const record of await conversationStore.listConversations(userId)) {
    if (record.messages.some((m) => !m.kind)) await upload(userId, key, record).catch(() => undefined);
  }
}

/** Opens the envelope on this device; WrongSecretError when the secret does not. */
export async function unlockDevice(userId: string, envelope: KeyEnvelope, secret: Secret): Promise<void> {
  const key = await unlock(envelope, secret);
  await setDeviceKey(userId, key);
  await uploadAll(userId);
}

export const isUnlocked = async (userId: string) => (await getDeviceKey(userId)) !== null;

/** A new passphrase (the current one or the recovery key proves it is them): only the key is wrapped anew. */
export async function changePassphrase(envelope: KeyEnvelope, secret: Secret, newPassphrase: string): Promise<{ recoveryKey: string }> {
  const next = await rewrap(envelope, secret, newPassphrase);
  await apiClient.put('/api/keeping/keys', { keys: next.envelope });
  return { recoveryKey: next.recoveryKey };
}

/** Turns keeping off: the server forgets the keys and every ciphertext; this device keeps its own copies. */
export async function turnOffKeeping(): Promise<void> {
  await apiClient.delete('/api/keeping');
  await clearDeviceKeys();
}

/** Saves one conversation, when keeping is on and unlocked here; quietly does nothing otherwise. */
export async function keepConversation(userId: string, record: ConversationRecord): Promise<void> {
  const key = await getDeviceKey(userId);
  if (!key || !record.messages.some((m) => !m.kind)) return;
  try {
    await upload(userId, key, record);
  } catch (error) {
    // Keeping turned off on another device: this one forgets its key.
    if (error instanceof ApiError && error.code === 'KEEPING_OFF') await clearDeviceKeys();
  }
}

/**
 * A kept conversation, decrypted in memory (never written to this device's store): null when the server
 * has none under this id. Throws when this device has no key.
 */
export async function fetchKeptConversation(userId: string, conversationId: string): Promise<{ messages: StoredMessage[] } | null> {
  const key = await getDeviceKey(userId);
  if (!key) throw new Error('locked');
  let kept;
  try {
    kept = await apiClient.get(`/api/keeping/conversations/${encodeURIComponent(conversationId)}`, { schema: keptConversationSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const value = await decryptConversation(key, { userId, conversationId }, kept.envelope);
  return isRecord(value) ? { messages: value.messages } : null;
}

/** Every kept conversation, decrypted here and written as one readable text file (never sent anywhere). */
export async function readableExport(userId: string, labels: { you: string; companion: string; title: string }): Promise<Blob> {
  const key = await getDeviceKey(userId);
  if (!key) throw new Error('locked');
  const list = await apiClient.get('/api/keeping/conversations', { schema: keptConversationListSchema });
  const parts = [`${labels.title}\n${'='.repeat(labels.title.length)}\n`];
  for (const item of list.items) {
    const kept = await apiClient.get(`/api/keeping/conversations/${encodeURIComponent(item.conversationId)}`, { schema: keptConversationSchema });
    const value = await decryptConversation(key, { userId, conversationId: item.conversationId }, kept.envelope).catch(() => null);
    if (!isRecord(value)) continue;
    parts.push(`\n## ${value.sessionDate}\n`);
    for (const message of value.messages) parts.push(`[${message.timestamp}] ${message.isUser ? labels.you : labels.companion}: ${message.content}\n`);
  }
  return new Blob(parts, { type: 'text/plain;charset=utf-8' });
}
