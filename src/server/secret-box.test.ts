import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, resolveSecretsKey, SecretUnreadableError } from './secret-box';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the secret box', () => {
  const box = createSecretBox(resolveSecretsKey('a configured passphrase of some length', '/nonexistent'));

  it('seals a key so that its text is nowhere in the result, and opens it again', () => {
    const sealed = box.seal('sk-live-abcdef0123456789', 'ai:chat');
    expect(sealed).not.toContain('abcdef0123456789');
    expect(sealed.startsWith('v2.')).toBe(true);
    expect(box.isStale(sealed)).toBe(false);
    expect(box.open(sealed, 'ai:chat')).toBe('sk-live-abcdef0123456789');
  });

  it('never seals the same key twice the same way', () => {
    expect(box.seal('same', 'ai:chat')).not.toBe(box.seal('same', 'ai:chat'));
  });

  it('refuses a value from another row, another key, or altered', () => {
    const sealed = box.seal('sk-secret', 'ai:chat');
    expect(() => box.open(sealed, 'ai:image')).toThrow(SecretUnreadableError);
    const other = createSecretBox(resolveSecretsKey('another passphrase entirely', '/nonexistent'));
    expect(() => other.open(sealed, 'ai:chat')).toThrow(SecretUnreadableError);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => box.open(altered, 'ai:chat')).toThrow(SecretUnreadableError);
    expect(() => box.open('not sealed', 'ai:chat')).toThrow(SecretUnreadableError);
  });
});

describe('values sealed by the first scheme (a bare SHA-256 of the secret)', () => {
  const secret = 'a configured passphrase of some length';
  const oldWay = (plain: string, context: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secret, 'utf8').digest(), iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  };

  it('still open, and are known to need sealing again', () => {
    const box = createSecretBox(resolveSecretsKey(secret, '/nonexistent'));
    const sealed = oldWay('sk-old-0123456789', 'ai:chat');
    expect(box.open(sealed, 'ai:chat')).toBe('sk-old-0123456789');
    expect(box.isStale(sealed)).toBe(true);
  });

  it('are never what the current scheme writes: its key is derived with HKDF, not the bare hash', () => {
    const box = createSecretBox(resolveSecretsKey(secret, '/nonexistent'));
    const current = box.seal('sk-new', 'ai:chat');
    // The same value relabelled as the old scheme does not open: the two keys differ.
    expect(() => box.open(`v1.${current.slice(3)}`, 'ai:chat')).toThrow(SecretUnreadableError);
  });
});

describe('the secrets key', () => {
  it('is made once in the data folder, readable by the owner only, and the same afterwards', () => {
    const dir = tempDir();
    const first = resolveSecretsKey(null, dir);
    const file = path.join(dir, 'secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveSecretsKey(null, dir).equals(first)).toBe(true);
  });

  it('comes from SECRETS_KEY when it is set, whatever the folder holds', () => {
    const dir = tempDir();
    resolveSecretsKey(null, dir);
    expect(resolveSecretsKey('configured', dir).equals(resolveSecretsKey('configured', tempDir()))).toBe(true);
    expect(resolveSecretsKey('configured', dir).equals(resolveSecretsKey(null, dir))).toBe(false);
  });
});
