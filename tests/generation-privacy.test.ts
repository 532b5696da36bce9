import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { GenerationRequest } from '@shared/contracts/generation';
import { souvenirs } from '@server/db/schema/index';
import { postGeneration } from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const offline = await createTestApp({ LOG_LEVEL: 'trace', RATE_LIMIT_GENERATION_MAX: '1000' });
const remote = await createTestApp({
  AI_BASE_URL: standIn.baseUrl,
  AI_IMAGE_MODEL: 'stand-in-image',
  AI_TIMEOUT_SECONDS: '1',
  AI_IMAGE_TIMEOUT_SECONDS: '1',
  LOG_LEVEL: 'trace',
  RATE_LIMIT_GENERATION_MAX: '1000',
});

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every row of every table of the application's schema, as text. */
async function wholeDatabaseText(t: TestApp): Promise<string> {
  const tables = rowsOf<{ tablename: string }>(
    await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((r) => r.tablename);
  expect(tables).toEqual(expect.arrayContaining(['souvenirs', 'generations', 'profiles', 'journal_days']));
  let text = '';
  for (const table of tables) {
    const rows = rowsOf<{ row: string }>(await t.db.execute(sql.raw(`select t::text as row from "${table}" t`)));
    text += rows.map((r) => r.row).join('\n');
  }
  return text;
}

/** Every file under the app's data folder (stored artworks and thumbnails), as bytes. */
function everyFile(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, bytes: readFileSync(file) };
    });
}

describe('privacy of the conversation when it becomes a memory', () => {
  it('keeps no trace of what was said in the database, the stored files or the logs', async () => {
    const phrase = `violet-heron-${randomBytes(6).toString('hex')}`;
    const conversation = (language: 'en' | 'fr'): GenerationRequest => ({
      conversationId: randomUUID(),
      language,
      messages: [
        { role: 'assistant', content: 'How was your day?' },
        { role: 'user', content: `This morning a ${phrase} landed by the lake and I felt calm and happy.` },
        { role: 'assistant', content: `A ${phrase}? What did it make you feel?` },
        { role: 'user', content: `The ${phrase} reminded me of my grandmother, I miss her.` },
        { role: 'user', content: phrase },
      ],
    });

    const made: string[] = [];
    const makers: { t: TestApp; cookie: string; language: 'en' | 'fr' }[] = [];
    for (const t of [offline, remote]) {
      for (const language of ['en', 'fr'] as const) {
        const user = await createUser(t);
        const response = await postGeneration(t, user.cookie, conversation(language));
        expect(response.statusCode, response.body).toBe(201);
        made.push(response.json().memoryId);
        makers.push({ t, cookie: user.cookie, language });
      }
      // Refused requests too: an unknown language, no key.
      const user = await createUser(t);
      expect((await postGeneration(t, user.cookie, { ...conversation('en'), language: 'xx' })).statusCode).toBe(400);
      expect((await postGeneration(t, user.cookie, conversation('en'), null)).statusCode).toBe(400);
    }
    // Failures whose upstream answers quote what they read: the fallbacks apply, and nothing is kept or logged.
    standIn.behaveText('error');
    standIn.behaveImages('policy');
    const failing = await createUser(remote);
    const fallback = await postGeneration(remote, failing.cookie, conversation('en'));
    expect(fallback.json()).toMatchObject({ outcome: 'fallback-policy', textFallback: true });
    expect(fallback.body).not.toContain(phrase);
    standIn.behaveText('json');
    standIn.behaveImages('b64');

    // Those memories become last month's, and their month's exhibition is made: its letter is written from what
    // was kept (titles, reflections, moods), which never held the phrase.
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    for (const t of [offline, remote]) {
      await t.db.update(souvenirs).set({ createdAt: new Date(monthStart.getTime() - 10 * 86_400_000) }).where(inArray(souvenirs.id, made));
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(monthStart.getTime() + 30_000));
    try {
      for (const { t, cookie, language } of makers) {
        const answer = await t.app.inject({ method: 'POST', url: '/api/exhibitions/current', headers: { cookie, origin: TEST_ORIGIN }, payload: { tz: 'UTC', language } });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().exhibition).not.toBeNull();
      }
    } finally {
      vi.useRealTimers();
    }

    // Each person's book of that month: made from the same kept fields, it must not hold the phrase either — not
    // in its bytes, not in its compressed streams, not in a text written as UTF-16 (bookmarks, the document's title).
    const booked = new Date(monthStart.getTime() - 10 * 86_400_000);
    const utf16 = Buffer.from(phrase, 'utf16le').swap16();
    for (const { t, cookie, language } of makers) {
      const book = await t.app.inject({ method: 'GET', url: `/api/memories/book?year=${booked.getUTCFullYear()}&month=${booked.getUTCMonth() + 1}&tz=UTC&lang=${language}`, headers: { cookie } });
      expect(book.statusCode, book.body.slice(0, 200)).toBe(200);
      const pdf = book.rawPayload;
      const streams = [...pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)].flatMap((match) => {
        try {
          return [inflateSync(Buffer.from(match[1]!, 'latin1'))];
        } catch {
          return [];
        }
      });
      expect(streams.length).toBeGreaterThan(0);
      for (const bytes of [pdf, ...streams]) {
        expect(bytes.includes(phrase)).toBe(false);
        expect(bytes.includes(utf16)).toBe(false);
      }
    }

    // The phrase really travelled: the stand-in received it, and the offline memories were made from it.
    expect(JSON.stringify(standIn.received)).toContain(phrase);
    expect(made).toHaveLength(4);

    for (const t of [offline, remote]) {
      expect(await wholeDatabaseText(t)).not.toContain(phrase);
      const files = everyFile(t.dataDir);
      expect(files.length).toBeGreaterThanOrEqual(4);
      for (const { file, bytes } of files) expect(bytes.includes(phrase), file).toBe(false);
      const logs = t.logs.join('');
      expect(logs).toContain('/api/generations');
      expect(logs).toContain('memory created');
      expect(logs).toContain('exhibition made');
      expect(logs).not.toContain(phrase);
    }
  });
});
