// Conversations kept across devices: the server stores only ciphertext it cannot read, checks its shape
// and size, keeps each person's apart, and lets it go with the account (docs/keeping.md).
import { randomUUID } from 'node:crypto';
import AdmZip from 'adm-zip';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keepingKeys, keptConversations } from '@server/db/schema/index';
import { KEEPING_CONVERSATION_MAX_BYTES } from '@shared/limits';
import { createKeys, decryptConversation, encryptConversation, rewrap, unlock, WrongSecretError } from '@web/lib/keeping/crypto';
import { createUser, sessionCookieOf, signIn } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';

const t = await createTestApp();

const call = (app: TestApp, cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const conversation = (text: string) => ({ conversationId: randomUUID(), messages: [{ id: 'm1', content: text, isUser: true, timestamp: '20:00', createdAt: 1 }] });

describe('keeping conversations across devices', () => {
  it('remembers "Not now" for the person, on every device, until they ask again', async () => {
    const user = await createUser(t);
    expect((await call(t, user.cookie, 'GET', '/api/keeping')).json()).toMatchObject({ enabled: false, offerDeclined: false });
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/offer', { declined: true })).statusCode).toBe(204);
    // Another session of the same person (another device) reads the same answer.
    const phone = sessionCookieOf(await signIn(t, user.email, user.password));
    expect(phone).toBeDefined();
    expect(phone).not.toBe(user.cookie);
    expect((await call(t, phone, 'GET', '/api/keeping')).json()).toMatchObject({ enabled: false, offerDeclined: true });
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/offer', { declined: false })).statusCode).toBe(204);
    expect((await call(t, user.cookie, 'GET', '/api/keeping')).json()).toMatchObject({ offerDeclined: false });
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/offer', { declined: 'yes' })).statusCode).toBe(400);
    expect((await call(t, undefined, 'PUT', '/api/keeping/offer', { declined: true })).statusCode).toBe(401);
  });

  it('stores what the browser encrypted, and another device opens it with the passphrase or the recovery key', async () => {
    const user = await createUser(t);
    expect((await call(t, user.cookie, 'GET', '/api/keeping')).json()).toMatchObject({ enabled: false, keys: null, conversations: 0 });

    const { envelope, recoveryKey, dataKey } = await createKeys('a long passphrase by the sea');
    expect((await call(t, user.cookie, 'POST', '/api/keeping', { keys: envelope })).statusCode).toBe(201);
    // A second device may not replace the keys (that would orphan everything kept).
    expect((await call(t, user.cookie, 'POST', '/api/keeping', { keys: envelope })).json().error.code).toBe('CONFLICT');

    const record = conversation('Walked to the lighthouse.');
    const sealed = await encryptConversation(dataKey, { userId: user.id, conversationId: record.conversationId }, record);
    expect((await call(t, user.cookie, 'PUT', `/api/keeping/conversations/${record.conversationId}`, sealed)).statusCode).toBe(204);

    // Another device: the envelope from the server, the passphrase from the person.
    const status = (await call(t, user.cookie, 'GET', '/api/keeping')).json();
    expect(status).toMatchObject({ enabled: true, conversations: 1 });
    const stored = (await call(t, user.cookie, 'GET', `/api/keeping/conversations/${record.conversationId}`)).json();
    const ids = { userId: user.id, conversationId: record.conversationId };
    expect(await decryptConversation(await unlock(status.keys, { passphrase: 'a long passphrase by the sea' }), ids, stored.envelope)).toEqual(record);
    expect(await decryptConversation(await unlock(status.keys, { recoveryKey: recoveryKey.toLowerCase() }), ids, stored.envelope)).toEqual(record);
    await expect(unlock(status.keys, { passphrase: 'a long passphrase by the see' })).rejects.toBeInstanceOf(WrongSecretError);
    await expect(unlock(status.keys, { recoveryKey: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA' })).rejects.toBeInstanceOf(WrongSecretError);
    // Moved to another conversation id, a ciphertext no longer opens.
    await expect(decryptConversation(dataKey, { ...ids, conversationId: randomUUID() }, stored.envelope)).rejects.toThrow();

    // A new passphrase wraps the same key: the stored ciphertext is untouched and opens with it.
    const before = await t.db.select().from(keptConversations).where(eq(keptConversations.userId, user.id));
    const next = await rewrap(status.keys, { passphrase: 'a long passphrase by the sea' }, 'another passphrase, quite long');
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/keys', { keys: next.envelope })).statusCode).toBe(204);
    const after = await t.db.select().from(keptConversations).where(eq(keptConversations.userId, user.id));
    expect(after).toEqual(before);
    const rewrapped = (await call(t, user.cookie, 'GET', '/api/keeping')).json().keys;
    await expect(unlock(rewrapped, { passphrase: 'a long passphrase by the sea' })).rejects.toBeInstanceOf(WrongSecretError);
    expect(await decryptConversation(await unlock(rewrapped, { passphrase: 'another passphrase, quite long' }), ids, stored.envelope)).toEqual(record);
    expect(await decryptConversation(await unlock(rewrapped, { recoveryKey: next.recoveryKey }), ids, stored.envelope)).toEqual(record);

    // Turning it off removes the keys and every ciphertext.
    expect((await call(t, user.cookie, 'DELETE', '/api/keeping')).statusCode).toBe(204);
    expect(await t.db.select().from(keptConversations).where(eq(keptConversations.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(keepingKeys).where(eq(keepingKeys.userId, user.id))).toEqual([]);
    expect((await call(t, user.cookie, 'PUT', `/api/keeping/conversations/${record.conversationId}`, sealed)).json().error.code).toBe('KEEPING_OFF');
    // Turned off, it is not offered again after a memory (the profile still turns it on).
    expect((await call(t, user.cookie, 'GET', '/api/keeping')).json()).toMatchObject({ enabled: false, offerDeclined: true });
  });

  it("keeps each person's conversations apart: another person's id is not found, and cannot be overwritten", async () => {
    const [alice, bruno] = await Promise.all([createUser(t), createUser(t)]);
    const a = await createKeys('alice passphrase that is long');
    const b = await createKeys('bruno passphrase that is long');
    await call(t, alice.cookie, 'POST', '/api/keeping', { keys: a.envelope });
    await call(t, bruno.cookie, 'POST', '/api/keeping', { keys: b.envelope });
    const record = conversation('Alice only.');
    const sealed = await encryptConversation(a.dataKey, { userId: alice.id, conversationId: record.conversationId }, record);
    await call(t, alice.cookie, 'PUT', `/api/keeping/conversations/${record.conversationId}`, sealed);

    expect((await call(t, bruno.cookie, 'GET', `/api/keeping/conversations/${record.conversationId}`)).statusCode).toBe(404);
    expect((await call(t, bruno.cookie, 'GET', '/api/keeping/conversations')).json()).toEqual({ items: [] });
    expect((await call(t, bruno.cookie, 'GET', '/api/keeping/conversations/not-an-id')).statusCode).toBe(404);
    // Bruno writing under Alice's id makes Bruno's own row; Alice's stays hers.
    const brunoSealed = await encryptConversation(b.dataKey, { userId: bruno.id, conversationId: record.conversationId }, conversation('Bruno'));
    expect((await call(t, bruno.cookie, 'PUT', `/api/keeping/conversations/${record.conversationId}`, brunoSealed)).statusCode).toBe(204);
    const alices = (await call(t, alice.cookie, 'GET', `/api/keeping/conversations/${record.conversationId}`)).json();
    expect(alices.envelope).toEqual(sealed);
    // Bruno turning keeping off leaves Alice's alone.
    await call(t, bruno.cookie, 'DELETE', '/api/keeping');
    expect((await call(t, alice.cookie, 'GET', '/api/keeping')).json()).toMatchObject({ enabled: true, conversations: 1 });
  });

  it('refuses anything that is not well-formed ciphertext, and what is too large, with a coded 4xx', async () => {
    const user = await createUser(t);
    const { envelope } = await createKeys('a passphrase long enough');
    await call(t, user.cookie, 'POST', '/api/keeping', { keys: envelope });
    const url = `/api/keeping/conversations/${randomUUID()}`;
    const iv = 'AAAAAAAAAAAAAAAA';
    const bad: unknown[] = [
      { v: 1, iv, ct: 'Hello, this is plain text' },
      { v: 1, iv, ct: 'QUJD' }, // three bytes: shorter than a tag
      { v: 2, iv, ct: 'A'.repeat(40) },
      { v: 1, iv: 'AAAA', ct: 'A'.repeat(40) },
      { v: 1, iv, ct: 'A'.repeat(41) }, // no byte string encodes to 41 characters
      { v: 1, iv, ct: 'A'.repeat(40), note: 'extra' },
      { v: 1, iv, ct: 'A'.repeat(Math.ceil((KEEPING_CONVERSATION_MAX_BYTES * 4) / 3) + 4) },
    ];
    for (const payload of bad) {
      const response = await call(t, user.cookie, 'PUT', url, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toMatch(/VALIDATION_FAILED|PAYLOAD_TOO_LARGE|BAD_REQUEST/);
    }
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/conversations/not-a-uuid', { v: 1, iv, ct: 'A'.repeat(40) })).statusCode).toBe(400);
    // Key envelopes too: a low iteration count, a key of the wrong length.
    const weak = { ...envelope, kdf: { ...envelope.kdf, iterations: 1000 } };
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/keys', { keys: weak })).statusCode).toBe(400);
    expect((await call(t, user.cookie, 'PUT', '/api/keeping/keys', { keys: { ...envelope, passphrase: { ...envelope.passphrase, key: 'AAAA' } } })).statusCode).toBe(400);
    expect(await t.db.select().from(keptConversations).where(eq(keptConversations.userId, user.id))).toEqual([]);
  });

  it('stops at the per-person limit', async () => {
    const user = await createUser(t);
    const { envelope } = await createKeys('a passphrase long enough');
    await call(t, user.cookie, 'POST', '/api/keeping', { keys: envelope });
    // Near the per-person total, straight in the table: one more large conversation does not fit.
    await t.db.insert(keptConversations).values({ userId: user.id, conversationId: randomUUID(), version: 1, iv: 'AAAAAAAAAAAAAAAA', ciphertext: 'AAAA', bytes: 64 * 1024 * 1024 - 100 });
    const big = { v: 1, iv: 'AAAAAAAAAAAAAAAA', ct: 'A'.repeat(400) };
    const response = await call(t, user.cookie, 'PUT', `/api/keeping/conversations/${randomUUID()}`, big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('KEEPING_FULL');
  });

  it('exports the ciphertext with a note, and erases it with the account', async () => {
    const user = await createUser(t);
    const { envelope, dataKey } = await createKeys('a passphrase long enough');
    await call(t, user.cookie, 'POST', '/api/keeping', { keys: envelope });
    const record = conversation('To be exported.');
    await call(t, user.cookie, 'PUT', `/api/keeping/conversations/${record.conversationId}`, await encryptConversation(dataKey, { userId: user.id, conversationId: record.conversationId }, record));

    const archive = (await call(t, user.cookie, 'GET', '/api/me/export')).rawPayload;
    const zip = new AdmZip(archive);
    const text = zip.readAsText('souvenir-export.json');
    const json = JSON.parse(text) as { keptConversations: { note: string; keys: unknown; conversations: Array<{ conversationId: string; ciphertext: string }> } };
    expect(json.keptConversations.note).toMatch(/AES-256-GCM/);
    expect(json.keptConversations.keys).toEqual(envelope);
    expect(json.keptConversations.conversations.map((c) => c.conversationId)).toEqual([record.conversationId]);
    expect(text).not.toContain('To be exported.');
    for (const entry of zip.getEntries()) expect(entry.getData().toString('utf8')).not.toContain('To be exported.');

    expect((await call(t, user.cookie, 'DELETE', '/api/me', { confirm: true })).statusCode).toBe(204);
    expect(await t.db.select().from(keptConversations).where(eq(keptConversations.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(keepingKeys).where(eq(keepingKeys.userId, user.id))).toEqual([]);
  });
});
