import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { keptSecret } from './kept-secret';

/**
 * The secret that seals values kept in the database (the AI tab's API keys): SECRETS_KEY when set, otherwise
 * a random one created once in the data folder (like the auth secret; the file holds 32 random bytes in hex).
 * Answered as it is written, in bytes: the box derives its keys from it.
 */
export function resolveSecretsKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  return Buffer.from(keptSecret(path.join(dataDir, 'secrets-key')), 'utf8');
}

/** A sealed value could not be opened: another key sealed it, or it was altered. */
export class SecretUnreadableError extends Error {
  constructor() {
    super('a stored secret cannot be read with the current SECRETS_KEY');
    this.name = 'SecretUnreadableError';
  }
}

/**
 * How a value was sealed, written before it. `v2`: the key is derived from the secret with HKDF-SHA256 (a salt
 * and a purpose of its own, so the same SECRETS_KEY used elsewhere never yields this key). `v1`, the first
 * scheme, took a bare SHA-256 of the secret: such values are still opened, and re-sealed as `v2` at start.
 */
const CURRENT = 'v2';
const LEGACY = 'v1';
const HKDF_SALT = 'souvenir/secret-box';
const HKDF_INFO = 'ai provider api keys';

const deriveKey = (secret: Buffer) => Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
const legacyKey = (secret: Buffer) => createHash('sha256').update(secret).digest();

/**
 * AES-256-GCM with a fresh 96-bit IV per value. `context` (what the secret is for, e.g. `ai:chat`) is bound
 * as associated data, so a sealed value copied to another row does not open there.
 */
export function createSecretBox(secret: Buffer) {
  if (secret.length < 16) throw new Error('the secrets key must be at least 16 bytes');
  const keys: Record<string, Buffer> = { [CURRENT]: deriveKey(secret), [LEGACY]: legacyKey(secret) };
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys[CURRENT]!, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [CURRENT, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },

    open(sealed: string, context: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      const key = version === undefined ? undefined : keys[version];
      if (!key || !iv || !tag || body === undefined) throw new SecretUnreadableError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError();
      }
    },

    /** Whether a stored value was sealed by an earlier scheme and should be sealed again. */
    isStale(sealed: string): boolean {
      return !sealed.startsWith(`${CURRENT}.`);
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
