import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatDisclosures } from '@server/db/schema/index';
import { HONEST_ANSWER_INSTRUCTIONS } from '@server/modules/chat/disclosure';
import { SAFETY_INSTRUCTIONS } from '@server/safety/instructions';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

// Who answers, said again when it matters: after seven days away and three hours into a conversation (a
// `disclosure` event the server decides), and whenever the person asks, whatever the provider.
const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const offline = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0' });
const withAi = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_API_KEY: 'sk-test-key', AI_CHAT_MODEL: 'stand-in-model', AI_TIMEOUT_SECONDS: '2' });

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function reply(t: TestApp, cookie: string, content: string, language: 'en' | 'fr' = 'en') {
  const response = await postChatReply(t, cookie, buildChatRequest({ language, messages: [{ role: 'user', content }] }));
  expect(response.statusCode, response.body).toBe(200);
  const events = eventsOf(response.body);
  expect(events.at(-1)).toEqual({ type: 'done' });
  return { events, text: textOf(events), disclosure: events.find((e) => e.type === 'disclosure') ?? null };
}
const setDates = (t: TestApp, userId: string, dates: { lastReplyAt: Date; disclosedAt: Date }) =>
  t.db.update(chatDisclosures).set(dates).where(eq(chatDisclosures.userId, userId));

describe('the chat says again who answers', () => {
  it('after seven days away, once, before the reply’s first word', async () => {
    const user = await createUser(offline);
    expect((await reply(offline, user.cookie, 'Hello, long day today.')).disclosure).toBeNull();
    await setDates(offline, user.id, { lastReplyAt: ago(7 * 24 * HOUR + 60_000), disclosedAt: ago(7 * 24 * HOUR + 60_000) });

    const back = await reply(offline, user.cookie, 'I am back after a while.');
    expect(back.disclosure).toEqual({ type: 'disclosure', reason: 'return' });
    expect(back.events.findIndex((e) => e.type === 'disclosure')).toBeLessThan(back.events.findIndex((e) => e.type === 'delta'));
    expect((await reply(offline, user.cookie, 'And then I went home.')).disclosure).toBeNull();
  });

  it('three hours into a conversation, and not on every message', async () => {
    const user = await createUser(offline);
    await reply(offline, user.cookie, 'Hello.');
    await setDates(offline, user.id, { lastReplyAt: ago(10 * 60_000), disclosedAt: ago(3 * HOUR) });
    expect((await reply(offline, user.cookie, 'Still here, talking.')).disclosure).toEqual({ type: 'disclosure', reason: 'long' });
    expect((await reply(offline, user.cookie, 'Still talking.')).disclosure).toBeNull();
    const [row] = await offline.db.select().from(chatDisclosures).where(eq(chatDisclosures.userId, user.id));
    // Two dates, nothing else.
    expect(Object.keys(row!).sort()).toEqual(['disclosedAt', 'lastReplyAt', 'userId']);
  });
});

describe('an honest answer whenever asked', () => {
  it.each([
    { language: 'en' as const, question: 'wait, are you a real person?', answer: /^No, I'm not a person\. I'm Mira, Souvenir's built-in companion: a simple listener, with no AI behind it/ },
    { language: 'fr' as const, question: 't’es un humain ?', answer: /^Non, je ne suis pas une personne\. Je suis Mira, la compagne intégrée de Souvenir/ },
  ])('the built-in companion says what it is ($language)', async ({ language, question, answer }) => {
    const user = await createUser(offline);
    expect((await reply(offline, user.cookie, question, language)).text).toMatch(answer);
  });

  it('an AI provider is told, in locked instructions after any prompt, to answer honestly that it is an AI', async () => {
    standIn.behave('stream');
    const user = await createUser(withAi);
    for (const language of ['en', 'fr'] as const) {
      await reply(withAi, user.cookie, language === 'en' ? 'are you a real person?' : 't’es un humain ?', language);
      const system = standIn.chats().at(-1)!.body.messages[0]!.content;
      expect(system).toContain(HONEST_ANSWER_INSTRUCTIONS[language]);
      expect(system.endsWith(SAFETY_INSTRUCTIONS[language])).toBe(true);
    }
  });
});
