// Memory writing by "Private AI on this server", end to end: an administrator chooses a model file of the data
// folder for memory writing through the AI tab's API (no environment variable), a person talks with the
// companion, and POST /api/generations makes the memory with the local model's title, reflection and image
// prompt. The test models are tiny GGUFs with random weights, so their words are noise; what they do with the
// double quote is set (tests/support/tiny-gguf.ts), because that alone decides whether the memory's JSON closes
// within the app's token limit: one model closes its strings soon, so its memory passes the app's checks; the
// other lets every string run to the schema's longest, so its JSON is cut and the app falls back. Left purely
// random, the same model does either, run after run.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generationResponseSchema } from '@shared/contracts/generation';
import { MEMORY_TITLE_MAX } from '@shared/limits';
import { souvenirs } from '@server/db/schema/index';
import { DEFAULT_SETTINGS } from '@server/db/seed';
import { fallbackTexts } from '@server/modules/generation/service';
import { IMAGE_PROMPT_MAX } from '@server/providers/text/image-prompt-max';
import { memoryTextsSchema } from '@server/providers/text/openai-compatible';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { buildGenerationRequest, postGeneration } from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { writeTinyModel } from './support/tiny-gguf';

// Trace logs, so that the check that no word of the conversation is logged reads everything the app writes.
// One compute thread: more than the free cores make llama.cpp's spinning barriers crawl on a shared machine.
const t = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0', LOCAL_MODEL_THREADS: '1', LOG_LEVEL: 'trace' });
/** Closes each string within a few dozen characters: its JSON takes a few hundred tokens. */
const BRIEF = 'brief.gguf';
/** Never closes a string before the schema's longest: its JSON needs some 1 400 tokens, past the memory's 1 100. */
const ENDLESS = 'endless.gguf';
await mkdir(path.join(t.dataDir, 'models'), { recursive: true });
await writeTinyModel(path.join(t.dataDir, 'models', BRIEF), { quoteLean: 1 });
await writeTinyModel(path.join(t.dataDir, 'models', ENDLESS), { quoteLean: -4 });

const asAdmin = (cookie: string, method: 'PUT' | 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, payload });
const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ providers: Record<string, unknown> & { localModel: Record<string, unknown> } }>().providers;

/** The structured log lines written from `from` on. */
const logsSince = (from: number) => t.logs.slice(from).join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every row of every table of the application's schema, as text. */
async function wholeDatabaseText(app: TestApp): Promise<string> {
  const tables = rowsOf<{ tablename: string }>(await app.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`));
  expect(tables.map((r) => r.tablename)).toContain('souvenirs');
  let text = '';
  for (const { tablename } of tables) {
    text += rowsOf<{ row: string }>(await app.db.execute(sql.raw(`select t::text as row from "${tablename}" t`)))
      .map((r) => r.row)
      .join('\n');
  }
  return text;
}

/**
 * A person's day: they write (with a phrase found nowhere else), the companion answers through the chat
 * route, they write again — three messages, enough for a memory — and they ask for the memory.
 */
async function dayWithMemory(phrase: string) {
  const person = await createUser(t);
  const first = { role: 'user' as const, content: `This morning a ${phrase} swam by the lake and I felt calm.` };
  const reply = await postChatReply(t, person.cookie, buildChatRequest({ messages: [first] }));
  expect(reply.statusCode).toBe(200);
  const answer = textOf(eventsOf(reply.body));
  expect(answer.length).toBeGreaterThan(0);
  const messages = [first, { role: 'assistant' as const, content: answer }, { role: 'user' as const, content: `The ${phrase} made me think of my grandmother.` }];
  const logsFrom = t.logs.length;
  const response = await postGeneration(t, person.cookie, buildGenerationRequest({ messages }));
  expect(response.statusCode, response.body).toBe(201);
  const body = generationResponseSchema.parse(response.json());
  const [memory] = await t.db.select().from(souvenirs).where(eq(souvenirs.id, body.memoryId));
  return { body, memory: memory!, logs: logsSince(logsFrom) };
}

describe('memory writing by the private model chosen in the AI tab', { timeout: 120_000 }, () => {
  it('writes the title, reflection and image prompt with the local model, and keeps no word of the day', async () => {
    const admin = await createUser(t, { admin: true });
    // What the AI tab does: Test, then Save; it applies from the next memory, with no restart.
    expect((await asAdmin(admin.cookie, 'POST', '/api/admin/ai/local/test', { capability: 'text', model: BRIEF })).json()).toEqual({ ok: true, latencyMs: expect.any(Number) });
    const saved = await asAdmin(admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'local-model', model: BRIEF });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().providers[1]).toMatchObject({ capability: 'text', source: 'local-model', model: BRIEF, active: 'local-model' });
    expect(await health()).toMatchObject({ text: 'local-model', localModel: { text: { fileName: BRIEF, state: 'ready', percent: null, queued: 0 } } });

    const phrase = `teal-heron-${randomBytes(6).toString('hex')}`;
    const { body, memory, logs } = await dayWithMemory(phrase);

    // The texts are the model's, parsed from the JSON its grammar enforced: no fallback was needed.
    expect(body).toMatchObject({ outcome: 'created', textFallback: false });
    expect(logs.find((line) => line.msg === 'memory created')).toMatchObject({ text: 'local-model', textFallback: false });
    expect(logs.map((line) => line.msg)).not.toContain('memory texts failed: using the fallback texts');
    expect(logs.map((line) => line.msg)).not.toContain('image prompt failed: using the offline one');
    expect(memory.title).not.toBe(fallbackTexts('en', DEFAULT_SETTINGS.agentName).title);
    // Within the app's limits and its own check of a model's answer, and not blank.
    expect(memory.title.trim().length).toBeGreaterThan(0);
    expect(memory.title.length).toBeLessThanOrEqual(MEMORY_TITLE_MAX);
    expect(memory.title).not.toMatch(/\n/);
    expect(memory.poeticSummary?.trim().length).toBeGreaterThan(0);
    expect(memoryTextsSchema.safeParse({ title: memory.title, keyComment: '', poeticSummary: memory.poeticSummary }).success).toBe(true);
    // The administrators' style prompt, then the model's plain-text picture of the day.
    expect(memory.prompt.startsWith(`${DEFAULT_SETTINGS.imagePrompt}\n\n`)).toBe(true);
    expect(memory.prompt.length).toBeGreaterThan(DEFAULT_SETTINGS.imagePrompt.length + 2);
    expect(memory.prompt.length).toBeLessThanOrEqual(IMAGE_PROMPT_MAX);

    // The model is free again for the next memory.
    expect((await health()).localModel.text).toEqual({ fileName: BRIEF, state: 'ready', percent: null, queued: 0 });

    // The conversation went to the model and nowhere else: not to the database, not to the logs.
    expect(await wholeDatabaseText(t)).not.toContain(phrase);
    const allLogs = t.logs.join('');
    expect(allLogs).toContain('/api/generations');
    expect(allLogs).not.toContain(phrase);
  });

  it('falls back to the default title and reflection when the model’s JSON is cut by the token limit, and still makes the memory', async () => {
    const admin = await createUser(t, { admin: true });
    expect((await asAdmin(admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'local-model', model: ENDLESS })).statusCode).toBe(200);
    expect((await health()).text).toBe('local-model');

    const phrase = `amber-vole-${randomBytes(6).toString('hex')}`;
    const { body, memory, logs } = await dayWithMemory(phrase);

    // Incomplete JSON is never repaired or half-used: the memory gets the app's own words, and the person's
    // screen is told (textFallback). The log says why, by reason only.
    expect(body).toMatchObject({ outcome: 'created', textFallback: true });
    const fallback = fallbackTexts('en', DEFAULT_SETTINGS.agentName);
    expect({ title: memory.title, poeticSummary: memory.poeticSummary }).toEqual({ title: fallback.title, poeticSummary: fallback.poeticSummary });
    expect(logs.find((line) => line.msg === 'memory texts failed: using the fallback texts')).toMatchObject({ provider: 'local-model', reason: 'malformed' });
    expect(logs.find((line) => line.msg === 'memory created')).toMatchObject({ text: 'local-model', textFallback: true });
    // The image prompt is asked apart, as plain text without a grammar: the same model still writes it.
    expect(logs.map((line) => line.msg)).not.toContain('image prompt failed: using the offline one');
    expect(memory.prompt.startsWith(`${DEFAULT_SETTINGS.imagePrompt}\n\n`)).toBe(true);

    expect(await wholeDatabaseText(t)).not.toContain(phrase);
    expect(t.logs.join('')).not.toContain(phrase);
    await asAdmin(admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'configuration' });
  });
});
