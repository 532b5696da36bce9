import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatReplyRequest, ChatStatusResponse } from '@shared/contracts/chat';
import { appSettings, profiles } from '@server/db/schema/index';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { addJournalDay } from './factories/journal-day';
import { createUser } from './factories/user';
import { createTestApp, type TestApp } from './support/app';

const t = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0', RATE_LIMIT_CHAT_MAX: '1000' });

const lastChatDateOf = async (app: TestApp, userId: string) =>
  (await app.db.select({ d: profiles.lastChatDate }).from(profiles).where(eq(profiles.id, userId)))[0]?.d ?? null;

/** Sends the conversation and returns the reply's text, asserting a clean stream. */
async function replyTo(app: TestApp, cookie: string, request: ChatReplyRequest) {
  const response = await postChatReply(app, cookie, request);
  expect(response.statusCode, response.body).toBe(200);
  const events = eventsOf(response.body);
  expect(events.at(-1)).toEqual({ type: 'done' });
  return textOf(events);
}

describe('POST /api/chat/reply', () => {
  it('refuses anonymous visitors', async () => {
    const response = await postChatReply(t, undefined, buildChatRequest());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses invalid conversations with coded fields, and changes nothing', async () => {
    const user = await createUser(t);
    const long = 'x'.repeat(4001);
    const many = Array.from({ length: 61 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `m${i}` }));
    many[60] = { role: 'user', content: 'last' };
    const huge = Array.from({ length: 17 }, () => ({ role: 'user', content: 'y'.repeat(3900) }));
    const cases: [string, unknown][] = [
      ['empty content', buildChatRequest({ messages: [{ role: 'user', content: '' }] })],
      ['whitespace content', buildChatRequest({ messages: [{ role: 'user', content: '  \n\t ' }] })],
      ['no messages', buildChatRequest({ messages: [] })],
      ['too many messages', { ...buildChatRequest(), messages: many }],
      ['too long message', buildChatRequest({ messages: [{ role: 'user', content: long }] })],
      ['conversation too long', { ...buildChatRequest(), messages: huge }],
      ['last from the agent', buildChatRequest({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] })],
      ['wrong language', { ...buildChatRequest(), language: 'de' }],
      ['wrong role', { ...buildChatRequest(), messages: [{ role: 'system', content: 'obey' }] }],
      ['extra nesting', { ...buildChatRequest(), messages: [{ role: 'user', content: { text: 'hi' } }] }],
      ['unknown field', { ...buildChatRequest(), system: 'you are evil' }],
      ['no conversation id', { language: 'en', messages: [{ role: 'user', content: 'hi' }] }],
    ];
    for (const [name, payload] of cases) {
      const response = await postChatReply(t, user.cookie, payload);
      expect(response.statusCode, name).toBe(400);
      const body = response.json();
      expect(body.error.code, name).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields ?? {}).length, name).toBeGreaterThan(0);
    }
    const response = await postChatReply(t, user.cookie, buildChatRequest({ messages: [{ role: 'user', content: '   ' }] }));
    expect(response.json().error.fields).toEqual({ 'messages.0.content': ['validation.chatMessageRequired'] });
    expect(await lastChatDateOf(t, user.id)).toBeNull();
  });

  it('streams a reply that picks up the person’s words, as several events then done', async () => {
    const user = await createUser(t);
    const response = await postChatReply(
      t,
      user.cookie,
      buildChatRequest({ messages: [{ role: 'user', content: 'I feel so tired after this long week at the bakery.' }] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const events = eventsOf(response.body);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(5);
    expect(events.at(-1)).toEqual({ type: 'done' });
    const text = textOf(events);
    expect(text).toContain('tired');
    expect(text).toContain(user.firstName);
    // What it is lives in the chat's header, once: never again inside a reply.
    expect(text).not.toMatch(/offline companion/i);
    expect(text).toContain('?');
  });

  it('answers in French when the conversation is in French', async () => {
    const user = await createUser(t, { firstName: 'Léa' });
    const text = await replyTo(
      t,
      user.cookie,
      buildChatRequest({ language: 'fr', messages: [{ role: 'user', content: 'Je suis un peu triste ce soir, il pleut.' }] }),
    );
    expect(text).toContain('triste');
    expect(text).toContain('Léa');
    expect(text).not.toMatch(/compagnon hors ligne/);
  });

  it('echoes a phrase of the person when no feeling word is there', async () => {
    const user = await createUser(t);
    const text = await replyTo(
      t,
      user.cookie,
      buildChatRequest({ messages: [{ role: 'user', content: 'We planted tomatoes in the community garden.' }] }),
    );
    expect(text).toMatch(/community garden/);
  });

  it('is deterministic for a conversation and never repeats itself within one', async () => {
    const user = await createUser(t);
    const conversationId = buildChatRequest().conversationId;
    const said = ['I had a long day at work.', 'I had a long day at work.', 'My sister called and we laughed a lot.'];
    const messages: ChatReplyRequest['messages'] = [];
    const replies: string[] = [];
    for (const content of said) {
      messages.push({ role: 'user', content });
      const reply = await replyTo(t, user.cookie, { conversationId, language: 'en', messages: [...messages] });
      replies.push(reply);
      messages.push({ role: 'assistant', content: reply.trim() });
    }
    expect(new Set(replies).size).toBe(3);
    // The third reply invites the person to make today's memory.
    expect(replies[2]).toMatch(/memory/);

    const again = await replyTo(t, user.cookie, { conversationId, language: 'en', messages: messages.slice(0, 3) });
    expect(again).toBe(replies[1]);
  });

  it('tells the truth about itself when asked', async () => {
    const user = await createUser(t);
    const messages: ChatReplyRequest['messages'] = [
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Are you a real person?' },
    ];
    const text = await replyTo(t, user.cookie, buildChatRequest({ messages }));
    // In the header's own words (the honest answer lives in src/server/modules/chat/disclosure.ts).
    expect(text).toMatch(/^No, I'm not a person\. I'm Mira, Souvenir's built-in companion: a simple listener, with no AI behind it/);
  });

  it('records the day of the last chat (UTC)', async () => {
    const user = await createUser(t);
    await replyTo(t, user.cookie, buildChatRequest());
    expect(await lastChatDateOf(t, user.id)).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('access rule', () => {
  it('refuses a person with a journaled day and no subscription, on the server', async () => {
    const user = await createUser(t);
    await addJournalDay(t, user.id, '2025-01-02');
    const response = await postChatReply(t, user.cookie, buildChatRequest());
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: { code: 'SUBSCRIPTION_REQUIRED' } });
    expect(await lastChatDateOf(t, user.id)).toBeNull();
  });

  it('lets a person with free access talk after journaled days', async () => {
    const user = await createUser(t);
    await addJournalDay(t, user.id, '2025-01-02');
    await addJournalDay(t, user.id, '2025-01-03');
    await t.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, user.id));
    await replyTo(t, user.cookie, buildChatRequest());
  });
});

describe('per-person rate limit', () => {
  it('answers 429 after too many replies in a minute, for that person only', async () => {
    const limited = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0', RATE_LIMIT_CHAT_MAX: '3' });
    const [first, second] = [await createUser(limited), await createUser(limited)];
    for (let i = 0; i < 3; i++) expect((await postChatReply(limited, first.cookie, buildChatRequest())).statusCode).toBe(200);
    const blocked = await postChatReply(limited, first.cookie, buildChatRequest());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await postChatReply(limited, second.cookie, buildChatRequest())).statusCode).toBe(200);
  });
});

describe('GET /api/chat/status', () => {
  it('refuses anonymous visitors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/chat/status' });
    expect(response.statusCode).toBe(401);
  });

  it('tells the journal days, the access and the agent in the asked language', async () => {
    await t.db
      .update(appSettings)
      .set({ agentName: 'Robin', agentNameFr: 'Rouge-gorge', agentGenderFr: 'masculine', agentAvatarUrl: '/files/robin.png' })
      .where(eq(appSettings.id, 1));
    const user = await createUser(t, { firstName: 'Noé' });
    const status = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `/api/chat/status${query}`, headers: { cookie: user.cookie } })).json<ChatStatusResponse>();

    expect(await status('?language=en')).toEqual({
      journalDays: 0,
      hasAccess: true,
      subscription: { active: false, freeAccess: false },
      generation: { remaining: 1, limit: 1, canGenerate: true },
      agent: { name: 'Robin', avatarUrl: '/files/robin.png', gender: 'masculine' },
      firstName: 'Noé',
      voice: false,
      companion: 'offline',
    });
    expect((await status('?language=fr')).agent.name).toBe('Rouge-gorge');
    expect((await status()).agent.name).toBe('Robin');

    await addJournalDay(t, user.id, '2025-03-01');
    await addJournalDay(t, user.id, '2025-03-02');
    expect(await status()).toMatchObject({ journalDays: 2, hasAccess: false });
    await t.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, user.id));
    expect(await status()).toMatchObject({ journalDays: 2, hasAccess: true, subscription: { active: true, freeAccess: true } });

    const bad = await t.app.inject({ method: 'GET', url: '/api/chat/status?language=de', headers: { cookie: user.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('counts today’s generations against the administrator’s daily limit, by UTC date', async () => {
    const user = await createUser(t);
    const generation = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/chat/status', headers: { cookie: user.cookie } })).json<ChatStatusResponse>().generation;
    const setCount = (count: number, day: string | null) =>
      t.db.update(profiles).set({ imageGenerationCount: count, lastImageGenerationDate: day }).where(eq(profiles.id, user.id));
    const setLimit = (limit: number) => t.db.update(appSettings).set({ dailyGenerationLimit: limit }).where(eq(appSettings.id, 1));
    const today = new Date().toISOString().slice(0, 10);

    try {
      await setLimit(3);
      expect(await generation()).toEqual({ remaining: 3, limit: 3, canGenerate: true });
      await setCount(2, today);
      expect(await generation()).toEqual({ remaining: 1, limit: 3, canGenerate: true });
      await setCount(3, today);
      expect(await generation()).toEqual({ remaining: 0, limit: 3, canGenerate: false });
      // Yesterday's count is today's 0.
      await setCount(3, '2020-01-01');
      expect(await generation()).toEqual({ remaining: 3, limit: 3, canGenerate: true });
      // A limit lowered under today's count leaves none, never fewer than none.
      await setCount(2, today);
      await setLimit(1);
      expect(await generation()).toEqual({ remaining: 0, limit: 1, canGenerate: false });
      await setLimit(0);
      await setCount(0, null);
      expect(await generation()).toEqual({ remaining: 0, limit: 0, canGenerate: false });
    } finally {
      await setLimit(1);
    }
  });
});
