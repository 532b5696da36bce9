import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp, type TestApp } from './support/app';
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
