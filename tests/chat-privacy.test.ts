import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accounts, keptConversations } from '@server/db/schema/index';
import { createKeys, decryptConversation, encryptConversation, unlock, WrongSecretError } from '@web/lib/keeping/crypto';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const offline = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0', LOG_LEVEL: 'trace' });
const remote = await createTestApp({ AI_BASE_URL: standIn.baseUrl, LOG_LEVEL: 'trace' });

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every row of every table of the application's schema, as text. */
async function wholeDatabaseText(t: TestApp): Promise<string> {
  const tables = rowsOf<{ tablename: string }>(
    await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((r) => r.tablename);
  expect(tables).toContain('profiles');
  let text = '';
  for (const table of tables) {
    const rows = rowsOf<{ row: string }>(await t.db.execute(sql.raw(`select t::text as row from "${table}" t`)));
    text += rows.map((r) => r.row).join('\n');
  }
  return text;
}

describe('privacy of the conversation', () => {
  it('keeps no trace of what was said in the database or the logs, whichever provider answers', async () => {
    const phrase = `purple-otter-${randomBytes(6).toString('hex')}`;
    const messages = [
      { role: 'user' as const, content: `This morning I saw a ${phrase} by the lake and felt calm.` },
      { role: 'assistant' as const, content: `A ${phrase}? Tell me more.` },
      { role: 'user' as const, content: `The ${phrase} made me think of my grandmother.` },
    ];

    for (const t of [offline, remote]) {
      const user = await createUser(t);
      for (const language of ['en', 'fr'] as const) {
        const response = await postChatReply(t, user.cookie, buildChatRequest({ language, messages }));
        expect(response.statusCode).toBe(200);
        expect(textOf(eventsOf(response.body)).length).toBeGreaterThan(0);
      }
      // A crisis too: the safety layer answers it and counts it, and keeps no word of it.
      const crisis = [{ role: 'user' as const, content: `I want to end my life tonight, the ${phrase} is all I see.` }];
      for (const language of ['en', 'fr'] as const) {
        const response = await postChatReply(t, user.cookie, buildChatRequest({ language, country: 'FR', messages: crisis }));
        expect(eventsOf(response.body)[0]).toEqual({ type: 'safety', level: 'crisis' });
      }
      // Refused requests too: the last message from the agent, an unknown language.
      await postChatReply(t, user.cookie, buildChatRequest({ messages: [...messages, { role: 'assistant', content: phrase }] }));
      await postChatReply(t, user.cookie, { ...buildChatRequest({ messages }), language: 'xx' });
    }
    // The stand-in did receive it: the phrase really travelled through the server.
    expect(JSON.stringify(standIn.received)).toContain(phrase);

    for (const t of [offline, remote]) {
      expect(await wholeDatabaseText(t)).not.toContain(phrase);
      const logs = t.logs.join('');
      expect(logs).toContain('/api/chat/reply');
      expect(logs).not.toContain(phrase);
    }
  });
});

/** Every file under the app's data folder, as text. */
function storedFilesText(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

describe('privacy of a conversation kept across devices', () => {
  it('stores only ciphertext that nothing on the server can open, and no word of it in clear anywhere', async () => {
    const t = offline;
    const phrase = `amber-heron-${randomBytes(6).toString('hex')}`;
    const passphrase = `a passphrase nobody guesses ${randomBytes(4).toString('hex')}`;
    const user = await createUser(t);
    const messages = [
      { role: 'assistant' as const, content: 'Welcome.' },
      { role: 'user' as const, content: `I watched an ${phrase} fishing at dawn.` },
    ];
    expect((await postChatReply(t, user.cookie, buildChatRequest({ messages }))).statusCode).toBe(200);

    // The browser's own code: keys made here, the conversation encrypted here, only the results sent.
    const { envelope, recoveryKey, dataKey } = await createKeys(passphrase);
    const conversationId = randomUUID();
    const record = { conversationId, userId: user.id, language: 'en', messages: messages.map((m, i) => ({ id: String(i), content: m.content, isUser: m.role === 'user' })) };
    const sealed = await encryptConversation(dataKey, { userId: user.id, conversationId }, record);
    const headers = { cookie: user.cookie, origin: TEST_ORIGIN };
    expect((await t.app.inject({ method: 'POST', url: '/api/keeping', headers, payload: { keys: envelope } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PUT', url: `/api/keeping/conversations/${conversationId}`, headers, payload: sealed })).statusCode).toBe(204);
    // The person's own export holds the ciphertext, never the text.
    const exported = (await t.app.inject({ method: 'GET', url: '/api/me/export', headers })).rawPayload.toString('latin1');
    expect(exported).toContain(sealed.ct);

    const database = await wholeDatabaseText(t);
    const files = storedFilesText(t.dataDir);
    const logs = t.logs.join('');
    for (const secret of [phrase, passphrase, recoveryKey, recoveryKey.replaceAll('-', '')]) {
      expect(database).not.toContain(secret);
      expect(files).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(exported).not.toContain(secret);
    }

    // The stored row is the ciphertext the browser sent, and it is not the text in any plain encoding.
    const [row] = await t.db.select().from(keptConversations).where(eq(keptConversations.userId, user.id));
    expect(row).toMatchObject({ iv: sealed.iv, ciphertext: sealed.ct });
    expect(Buffer.from(row!.ciphertext, 'base64url').toString('latin1')).not.toContain(phrase);
    // No key on the server opens it: every 32-byte value the database holds (base64, base64url or hex) is
    // tried as the AES key, and the values the server knows of the person are tried as the passphrase.
    const candidates = new Set<string>();
    for (const token of database.match(/[A-Za-z0-9_+/-]{43,44}|[0-9a-f]{64}/g) ?? []) {
      for (const encoding of ['base64url', 'base64', 'hex'] as const) {
        const bytes = Buffer.from(token, encoding);
        if (bytes.length === 32) candidates.add(bytes.toString('hex'));
      }
    }
    expect(candidates.size).toBeGreaterThan(0);
    const ids = { userId: user.id, conversationId };
    for (const hex of candidates) {
      const key = await crypto.subtle.importKey('raw', Buffer.from(hex, 'hex'), 'AES-GCM', false, ['decrypt']);
      await expect(decryptConversation(key, ids, sealed)).rejects.toThrow();
    }
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    for (const guess of [user.email, user.password, account?.password ?? '', user.id]) {
      await expect(unlock(envelope, { passphrase: guess })).rejects.toBeInstanceOf(WrongSecretError);
    }
    // The person, with their passphrase, reads it back.
    expect(await decryptConversation(await unlock(envelope, { passphrase }), ids, sealed)).toEqual(record);
  });
});
