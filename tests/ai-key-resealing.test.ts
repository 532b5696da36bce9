// API keys saved in the AI tab by a version that derived the sealing key with a bare SHA-256 of SECRETS_KEY
// (values written `v1.…`) are sealed again at start with the key HKDF derives (`v2.…`), once; the service is
// then called with the same key. One that cannot be opened is left alone and reported, and nothing fails.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { aiProviders } from '@server/db/schema/index';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const KEY = `sk-souvenir-${randomBytes(12).toString('hex')}`;
const standIn = await startOpenAiStandIn({ requiredKey: KEY });
afterAll(() => standIn.close());

const SECRETS_KEY = 'the-secrets-key-of-an-older-install-0123456789';

/** The first scheme, written out here so the test does not lean on the code it checks. */
function sealTheOldWay(plain: string, context: string, secret: string): string {
  const key = createHash('sha256').update(secret, 'utf8').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

const storedChatKey = async (t: TestApp) => (await t.db.select().from(aiProviders).where(eq(aiProviders.capability, 'chat')))[0]?.sealedApiKey;
const aiView = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/admin/ai', headers: { cookie, origin: TEST_ORIGIN } });

async function storeOldChatKey(t: TestApp, secret: string) {
  await t.db
    .insert(aiProviders)
    .values({ capability: 'chat', source: 'openai-compatible', preset: 'other', baseUrl: standIn.baseUrl, model: 'stand-in-model', sealedApiKey: sealTheOldWay(KEY, 'ai:chat', secret) })
    .onConflictDoUpdate({ target: aiProviders.capability, set: { sealedApiKey: sealTheOldWay(KEY, 'ai:chat', secret) } });
}

describe('API keys sealed by the first scheme', () => {
  it('are sealed again at start, read back, used, and left alone at the next start', async () => {
    const before = await createTestApp({ SECRETS_KEY, CHAT_OFFLINE_DELAY_MS: '0' });
    const admin = await createUser(before, { admin: true });
    const person = await createUser(before);
    await storeOldChatKey(before, SECRETS_KEY);
    await before.app.close();

    const t = await createTestApp({ SECRETS_KEY, CHAT_OFFLINE_DELAY_MS: '0' });
    const resealed = await storedChatKey(t);
    expect(resealed?.startsWith('v2.')).toBe(true);
    expect(resealed).not.toContain(KEY.slice(-8));
    const view = await aiView(t, admin.cookie);
    expect(view.statusCode).toBe(200);
    expect(view.json().providers[0]).toMatchObject({ capability: 'chat', hasKey: true, keyMask: `sk-…${KEY.slice(-4)}` });
    const reply = await postChatReply(t, person.cookie, buildChatRequest());
    expect(textOf(eventsOf(reply.body))).toBe(standIn.reply);
    expect(standIn.chats().at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    await t.app.close();

    const again = await createTestApp({ SECRETS_KEY, CHAT_OFFLINE_DELAY_MS: '0' });
    expect(await storedChatKey(again)).toBe(resealed);
  });

  it('leave one that another secret sealed as it was, say so in the log and in the AI tab, and never fail', async () => {
    const before = await createTestApp({ SECRETS_KEY });
    const admin = await createUser(before, { admin: true });
    await storeOldChatKey(before, 'a-different-secret-than-this-install-uses-0123');
    const stored = await storedChatKey(before);
    await before.app.close();

    const t = await createTestApp({ SECRETS_KEY });
    expect(await storedChatKey(t)).toBe(stored);
    expect(t.logs.join('\n')).toMatch(/"capability":"chat".*cannot be read with the current SECRETS_KEY/);
    expect(t.logs.join('\n')).not.toContain(KEY);
    const view = await aiView(t, admin.cookie);
    expect(view.statusCode).toBe(200);
    expect(view.json().providers[0]).toMatchObject({ capability: 'chat', hasKey: true, keyMask: null });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
