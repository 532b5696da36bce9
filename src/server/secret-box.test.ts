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
    expect(sealed.startsWith('v1.')).toBe(true);
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
