// The companion's continuity across days, against the OpenAI-compatible stand-in: what the second day's
// request carries (the first memory's title and reflection, never the first conversation's words), where
// it sits (before the locked safety instructions), and that removing an item or switching off takes it
// out of the very next request.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles } from '@server/db/schema/index';
import { SAFETY_INSTRUCTIONS } from '@server/safety/instructions';
import { CONTINUITY_CONTEXT_MAX_CHARS } from '@shared/limits';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { addMemory } from './factories/memory';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());
const t = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_CHAT_MODEL: 'stand-in-model', CHAT_OFFLINE_DELAY_MS: '0' });
const offline = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0' });

const send = (app: typeof t, cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });

/** One chat turn; answers the system prompt and the whole request the stand-in received. */
async function dayRequest(cookie: string, content: string, language: 'en' | 'fr' = 'en') {
  const response = await postChatReply(t, cookie, buildChatRequest({ language, messages: [{ role: 'user', content }] }));
  expect(response.statusCode).toBe(200);
  expect(eventsOf(response.body).at(-1)).toEqual({ type: 'done' });
  const sent = standIn.chats().at(-1)!;
  return { system: sent.body.messages[0]!.content, whole: JSON.stringify(sent.body) };
}

describe('a companion that remembers what the person chose to keep', () => {
  it("sends the first memory's title and reflection on the second day, before the safety instructions, and none of the first day's words", async () => {
    const user = await createUser(t);
    // Free access: the second day needs a subscription otherwise.
    await t.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, user.id));
    const phrase = `copper-lantern-${randomBytes(5).toString('hex')}`;
    const first = [
      { role: 'assistant' as const, content: 'Welcome. How was your day?' },
      { role: 'user' as const, content: `I found a ${phrase} in the attic and felt calm.` },
      { role: 'assistant' as const, content: 'Tell me more.' },
      { role: 'user' as const, content: `The ${phrase} was my grandfather's.` },
    ];
    const day1 = await dayRequest(user.cookie, first[1]!.content);
    expect(day1.system).not.toMatch(/chose to keep/);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'idempotency-key': randomUUID() },
      payload: { conversationId: randomUUID(), language: 'en', messages: first },
    });
    expect(made.statusCode).toBe(201);
    const memory = (await send(t, user.cookie, 'GET', `/api/memories/${made.json<{ memoryId: string }>().memoryId}`)).json<{ id: string; title: string; poeticSummary: string }>();
    expect(memory.title).not.toContain(phrase);

    const day2 = await dayRequest(user.cookie, 'Good evening, a quiet day today.');
    expect(day2.system).toContain(memory.title);
    expect(day2.system).toContain(memory.poeticSummary.slice(0, 60));
    expect(day2.whole).not.toContain(phrase);
    expect(day2.whole).not.toContain('attic');
    // The locked safety instructions stay last, after the memories.
    expect(day2.system.endsWith(SAFETY_INSTRUCTIONS.en)).toBe(true);
    expect(day2.system.indexOf(memory.title)).toBeLessThan(day2.system.indexOf(SAFETY_INSTRUCTIONS.en));

    // What the profile shows is exactly what was sent.
    const view = (await send(t, user.cookie, 'GET', '/api/continuity?language=en')).json<{ context: string; memories: Array<{ id: string }> }>();
    expect(day2.system).toContain(view.context);
    expect(view.memories.map((m) => m.id)).toEqual([memory.id]);

    // Removing the memory from the context: gone from the next request (still in the gallery).
    expect((await send(t, user.cookie, 'DELETE', `/api/continuity/memories/${memory.id}`)).statusCode).toBe(204);
    expect((await dayRequest(user.cookie, 'Another evening.')).system).not.toContain(memory.title);
    expect((await send(t, user.cookie, 'GET', `/api/memories/${memory.id}`)).statusCode).toBe(200);
  });

  it('sends facts only with consent, and nothing once continuity is off', async () => {
    const user = await createUser(t);
    // A new person: recent memories on, facts off until they consent (decision 0060).
    expect((await send(t, user.cookie, 'GET', '/api/continuity')).json()).toMatchObject({ enabled: true, factsEnabled: false });
    const memory = await addMemory(t, user.id, { title: 'Bread and jam', poeticSummary: 'A slow breakfast with the radio on.' });
    const fact = (await send(t, user.cookie, 'POST', '/api/continuity/facts', { text: 'My cat is called Miso' })).json<{ id: string }>();
    expect((await dayRequest(user.cookie, 'Hello')).system).not.toContain('Miso');

    await send(t, user.cookie, 'PUT', '/api/continuity', { enabled: true, factsEnabled: true });
    const withFacts = await dayRequest(user.cookie, 'Bonsoir', 'fr');
    expect(withFacts.system).toContain('Miso');
    expect(withFacts.system).toContain(memory.title);
    expect(withFacts.system).toContain('Ce que');

    expect((await send(t, user.cookie, 'DELETE', `/api/continuity/facts/${fact.id}`)).statusCode).toBe(204);
    expect((await dayRequest(user.cookie, 'Hello')).system).not.toContain('Miso');

    await send(t, user.cookie, 'POST', '/api/continuity/facts', { text: 'I live near the canal' });
    await send(t, user.cookie, 'PUT', '/api/continuity', { enabled: false, factsEnabled: true });
    const off = await dayRequest(user.cookie, 'Hello');
    expect(off.system).not.toContain(memory.title);
    expect(off.system).not.toContain('canal');
    expect((await send(t, user.cookie, 'GET', '/api/continuity')).json()).toMatchObject({ enabled: false, context: null });
  });

  it("keeps another person's items out of reach, and the context within its bound however many memories there are", async () => {
    const [alice, bruno] = await Promise.all([createUser(t), createUser(t)]);
    const memories = [];
    for (let i = 0; i < 50; i++) memories.push(await addMemory(t, alice.id, { title: `${'Long title '.repeat(10)}${i}`.slice(0, 120), poeticSummary: 'word '.repeat(200) }));
    await send(t, alice.cookie, 'PUT', '/api/continuity', { enabled: true, factsEnabled: true });
    for (let i = 0; i < 5; i++) await send(t, alice.cookie, 'POST', '/api/continuity/facts', { text: 'x'.repeat(200) });
    expect((await send(t, alice.cookie, 'POST', '/api/continuity/facts', { text: 'one too many' })).statusCode).toBe(409);
    const view = (await send(t, alice.cookie, 'GET', '/api/continuity')).json<{ context: string; memories: unknown[]; facts: Array<{ id: string }> }>();
    expect(view.context.length).toBeLessThanOrEqual(CONTINUITY_CONTEXT_MAX_CHARS);
    expect(view.memories.length).toBe(5);

    expect((await send(t, bruno.cookie, 'DELETE', `/api/continuity/memories/${memories[49]!.id}`)).statusCode).toBe(404);
    expect((await send(t, bruno.cookie, 'DELETE', `/api/continuity/facts/${view.facts[0]!.id}`)).statusCode).toBe(404);
    expect((await send(t, bruno.cookie, 'GET', '/api/continuity')).json()).toMatchObject({ memories: [], facts: [] });
  });

  it('treats the memory of a hard day gently: a date and a note to the AI, never quoted by the offline companion', async () => {
    const user = await createUser(t);
    await addMemory(t, user.id, { title: 'A hard day, held gently', poeticSummary: 'Today was heavy, and you still found words for it.' });
    const { system } = await dayRequest(user.cookie, 'Hello');
    expect(system).toMatch(/a hard day\. Do not bring it up yourself/);
    expect(system).not.toContain('A hard day, held gently');
    expect(system).not.toContain('Today was heavy');

    const person = await createUser(offline);
    await addMemory(offline, person.id, { title: 'A hard day, held gently' });
    const reply = await postChatReply(offline, person.cookie, buildChatRequest({ messages: [{ role: 'user', content: 'Hello, a normal day.' }] }));
    expect(textOf(eventsOf(reply.body))).not.toContain('held gently');
  });

  it('lets the offline companion mention the latest memory as the day begins, but not on a worrying turn', async () => {
    const person = await createUser(offline);
    await addMemory(offline, person.id, { title: 'The blue kite' });
    const calm = await postChatReply(offline, person.cookie, buildChatRequest({ messages: [{ role: 'user', content: 'Hello, I had a walk.' }] }));
    expect(textOf(eventsOf(calm.body))).toContain('“The blue kite”');
    const worried = await postChatReply(offline, person.cookie, buildChatRequest({ messages: [{ role: 'user', content: "I can't take this anymore, everything feels empty." }] }));
    expect(textOf(eventsOf(worried.body))).not.toContain('kite');
    const crisis = await postChatReply(offline, person.cookie, buildChatRequest({ messages: [{ role: 'user', content: 'I want to end my life tonight.' }] }));
    expect(eventsOf(crisis.body)[0]).toEqual({ type: 'safety', level: 'crisis' });
    expect(textOf(eventsOf(crisis.body))).not.toContain('kite');
  });

  it('lets the offline companion answer "do you remember" from the facts the person chose to share, and only with consent', async () => {
    const person = await createUser(offline);
    await send(offline, person.cookie, 'POST', '/api/continuity/facts', { text: 'Biscuit is my old grey cat' });
    const ask = () => postChatReply(offline, person.cookie, buildChatRequest({ messages: [{ role: 'user', content: 'hey, who is Biscuit again?' }] }));
    // Facts are off until the person consents: the companion says where they can be kept, never the fact.
    const before = textOf(eventsOf((await ask()).body));
    expect(before).not.toContain('Biscuit is my old grey cat');
    expect(before).toContain('What Mira remembers');
    await send(offline, person.cookie, 'PUT', '/api/continuity', { enabled: true, factsEnabled: true });
    expect(textOf(eventsOf((await ask()).body))).toContain('Biscuit is my old grey cat');
  });
});
