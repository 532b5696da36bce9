import type { ConversationEnvelope, KeyEnvelope } from '@shared/contracts/keeping';
import { KEEPING_KDF_ITERATIONS } from '@shared/limits';

/**
 * End-to-end encryption of kept conversations, with the browser's WebCrypto only (decision 0043):
 * - a random 256-bit AES-GCM **data key** encrypts every conversation, with a fresh 96-bit nonce per save
 *   and the person's and conversation's ids as additional data (a ciphertext cannot be moved to another);
 * - the data key is stored on the server only **wrapped**: by a key derived from the passphrase
 *   (PBKDF2-SHA-256, 600 000 iterations, random salt) and by a key derived from the recovery key
 *   (HKDF-SHA-256: it is already 160 random bits);
 * - a new passphrase wraps the same data key anew: nothing is re-encrypted.
 * The passphrase, the recovery key and the data key never leave the browser.
 */

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The secret did not open the envelope (a wrong passphrase or recovery key, or a damaged envelope). */
export class WrongSecretError extends Error {
  constructor() {
    super('The passphrase or recovery key does not open these conversations.');
    this.name = 'WrongSecretError';
  }
}

export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const random = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

// Crockford's base32: no I, L, O or U, so a recovery key read aloud or copied by hand survives.
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_BYTES = 20;

function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A recovery key as typed: case, spaces and dashes do not matter; O/I/L read as 0/1/1. Null when it cannot be one. */
export function parseRecoveryKey(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s-]/g, '').replaceAll('O', '0').replace(/[IL]/g, '1');
  if (clean.length !== 32 || [...clean].some((c) => !BASE32.includes(c))) return null;
  const bytes = new Uint8Array(RECOVERY_BYTES);
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const c of clean) {
    value = (value << 5) | BASE32.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      bytes[index++] = (value >>> (bits - 8)) & 255;
      bits -= 8;
    }
  }
  return bytes;
}

/** Eight groups of four characters: 160 random bits. */
export function formatRecoveryKey(bytes: Uint8Array): string {
  return toBase32(bytes).match(/.{4}/g)!.join('-');
}

const KEY_AAD = encoder.encode('souvenir:keys:v1');
const conversationAad = (userId: string, conversationId: string) => encoder.encode(`souvenir:v1:${userId}:${conversationId}`);

async function passphraseKek(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', encoder.encode(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

async function recoveryKek(recovery: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', recovery, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode('souvenir keeping recovery v1') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function wrap(kek: CryptoKey, raw: Uint8Array<ArrayBuffer>) {
  const iv = random(12);
  const wrapped = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: KEY_AAD }, kek, raw));
  return { iv: toBase64url(iv), key: toBase64url(wrapped) };
}

async function unwrapRaw(kek: CryptoKey, wrapped: { iv: string; key: string }): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv: fromBase64url(wrapped.iv), additionalData: KEY_AAD }, kek, fromBase64url(wrapped.key)));
  } catch {
    throw new WrongSecretError();
  }
}

/** The data key as the device keeps it: usable, never exportable. */
const importDataKey = (raw: Uint8Array<ArrayBuffer>) => subtle().importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);

/** Everything needed to turn keeping on: the envelope for the server, the recovery key to show once, the key for this device. */
export async function createKeys(passphrase: string, iterations = KEEPING_KDF_ITERATIONS): Promise<{ envelope: KeyEnvelope; recoveryKey: string; dataKey: CryptoKey }> {
  const raw = random(32);
  const recovery = random(RECOVERY_BYTES);
  const envelope = await wrapKeys(raw, passphrase, recovery, iterations);
  const dataKey = await importDataKey(raw);
  raw.fill(0);
  return { envelope, recoveryKey: formatRecoveryKey(recovery), dataKey };
}

async function wrapKeys(raw: Uint8Array<ArrayBuffer>, passphrase: string, recovery: Uint8Array<ArrayBuffer>, iterations: number): Promise<KeyEnvelope> {
  const salt = random(16);
  const recoverySalt = random(16);
  const [byPassphrase, byRecovery] = await Promise.all([
    wrap(await passphraseKek(passphrase, salt, iterations), raw),
    wrap(await recoveryKek(recovery, recoverySalt), raw),
  ]);
  return {
    v: 1,
    kdf: { name: 'PBKDF2-SHA-256', iterations, salt: toBase64url(salt) },
    passphrase: byPassphrase,
    recovery: { ...byRecovery, salt: toBase64url(recoverySalt) },
  };
}

async function rawWith(envelope: KeyEnvelope, secret: { passphrase: string } | { recoveryKey: string }): Promise<Uint8Array<ArrayBuffer>> {
  if ('passphrase' in secret) {
    const kek = await passphraseKek(secret.passphrase, fromBase64url(envelope.kdf.salt), envelope.kdf.iterations);
    return unwrapRaw(kek, envelope.passphrase);
  }
  const recovery = parseRecoveryKey(secret.recoveryKey);
  if (!recovery) throw new WrongSecretError();
  return unwrapRaw(await recoveryKek(recovery, fromBase64url(envelope.recovery.salt)), envelope.recovery);
}

/** Opens the envelope with the passphrase or the recovery key; WrongSecretError when it does not. */
export async function unlock(envelope: KeyEnvelope, secret: { passphrase: string } | { recoveryKey: string }): Promise<CryptoKey> {
  const raw = await rawWith(envelope, secret);
  const key = await importDataKey(raw);
  raw.fill(0);
  return key;
}

/**
 * A new passphrase: the same data key, wrapped anew (with a new salt), and a new recovery key (the old
 * one stops working, which is what someone changing a secret expects). Conversations stay as they are.
 */
export async function rewrap(
  envelope: KeyEnvelope,
  secret: { passphrase: string } | { recoveryKey: string },
  newPassphrase: string,
): Promise<{ envelope: KeyEnvelope; recoveryKey: string }> {
  const raw = await rawWith(envelope, secret);
  const recovery = random(RECOVERY_BYTES);
  const next = await wrapKeys(raw, newPassphrase, recovery, Math.max(envelope.kdf.iterations, KEEPING_KDF_ITERATIONS));
  raw.fill(0);
  return { envelope: next, recoveryKey: formatRecoveryKey(recovery) };
}

export async function encryptConversation(key: CryptoKey, ids: { userId: string; conversationId: string }, value: unknown): Promise<ConversationEnvelope> {
  const iv = random(12);
  const plaintext = encoder.encode(JSON.stringify(value));
  const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: conversationAad(ids.userId, ids.conversationId) }, key, plaintext));
  return { v: 1, iv: toBase64url(iv), ct: toBase64url(ct) };
}

export async function decryptConversation(key: CryptoKey, ids: { userId: string; conversationId: string }, envelope: ConversationEnvelope): Promise<unknown> {
  const plaintext = await subtle().decrypt(
    { name: 'AES-GCM', iv: fromBase64url(envelope.iv), additionalData: conversationAad(ids.userId, ids.conversationId) },
    key,
    fromBase64url(envelope.ct),
  );
  return JSON.parse(decoder.decode(plaintext)) as unknown;
}
