import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The key that seals secrets kept in the database (the AI tab's API keys): SECRETS_KEY when set, otherwise
 * a random key created once in the data folder (like the auth secret). Any text is turned into 32 bytes
 * with SHA-256, so a passphrase and `openssl rand -hex 32` both work; the file holds 32 random bytes in hex.
 */
export function resolveSecretsKey(configured: string | null, dataDir: string): Buffer {
  if (configured) return createHash('sha256').update(configured, 'utf8').digest();
  const file = path.join(dataDir, 'secrets-key');
  if (existsSync(file)) return createHash('sha256').update(readFileSync(file, 'utf8').trim(), 'utf8').digest();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** A sealed value could not be opened: another key sealed it, or it was altered. */
export class SecretUnreadableError extends Error {
  constructor() {
    super('a stored secret cannot be read with the current SECRETS_KEY');
    this.name = 'SecretUnreadableError';
  }
}

const VERSION = 'v1';

/**
 * AES-256-GCM with a fresh 96-bit IV per value. `context` (what the secret is for, e.g. `ai:chat`) is bound
 * as associated data, so a sealed value copied to another row does not open there.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },

    open(sealed: string, context: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretUnreadableError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError();
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
