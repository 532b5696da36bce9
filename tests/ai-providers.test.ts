// The AI tab's server side: an administrator chooses each capability's provider while the app runs (no
// environment variable, no restart), tries an endpoint first, and the API key is kept sealed — never
// answered, logged or stored in clear. Whichever provider the tab chooses, the crisis layer stands in front.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SAFETY_INSTRUCTIONS } from '@server/safety/instructions';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { postTranscribe, wavRecording } from './factories/audio';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { storedText } from './support/fuzz';
import { startOpenAiStandIn } from './support/openai-stand-in';

const KEY = `sk-souvenir-${randomBytes(12).toString('hex')}`;
const standIn = await startOpenAiStandIn({ requiredKey: KEY, transcript: 'Words heard by the stand-in.' });
afterAll(() => standIn.close());

const t = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0' });

const as = (app: TestApp, cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });

const endpoint = (overrides: Record<string, unknown> = {}) => ({
  source: 'openai-compatible',
  preset: 'other',
  baseUrl: standIn.baseUrl,
  model: 'stand-in-model',
  apiKey: KEY,
  ...overrides,
});

/** A port nothing listens on: the stand-in's own, once closed. */
async function deadAddress() {
  const gone = await startOpenAiStandIn();
  await gone.close();
  return gone.baseUrl;
}

describe('the AI tab', () => {
  it('shows every capability from the configuration by default, on the built-in providers', async () => {
    const admin = await createUser(t, { admin: true });
    const view = await as(t, admin.cookie, 'GET', '/api/admin/ai');
    expect(view.statusCode).toBe(200);
    expect(view.json().providers.map((p: { capability: string; source: string; active: string }) => [p.capability, p.source, p.active])).toEqual([
      ['chat', 'configuration', 'offline-companion'],
      ['text', 'configuration', 'offline-extractor'],
      ['image', 'configuration', 'generative-art'],
      ['transcription', 'configuration', 'none'],
    ]);
  });

  it('lists the endpoint’s own models with the key typed, and says plainly when the key is refused', async () => {
    const admin = await createUser(t, { admin: true });
    const listed = await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'chat', baseUrl: standIn.baseUrl, apiKey: KEY });
    expect(listed.json()).toEqual({ ok: true, models: ['gpt-image-1', 'stand-in-model', 'stand-in-whisper'] });
    expect(standIn.modelRequests.at(-1)).toEqual({ path: '/v1/models', authorization: `Bearer ${KEY}` });

    const refused = await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'chat', baseUrl: standIn.baseUrl, apiKey: 'sk-wrong' });
    expect(refused.json()).toEqual({ ok: false, reason: 'unauthorized', status: 401 });
  });

  it('tests each capability with one small real call: the latency, or what went wrong', async () => {
    const admin = await createUser(t, { admin: true });
    const test = (body: object) => as(t, admin.cookie, 'POST', '/api/admin/ai/test', { baseUrl: standIn.baseUrl, apiKey: KEY, ...body });

    const before = standIn.received.length;
    const chat = (await test({ capability: 'chat', model: 'stand-in-model' })).json();
    expect(chat).toEqual({ ok: true, latencyMs: expect.any(Number) });
    const asked = standIn.received.at(-1)!.body as unknown as { max_tokens?: number; stream?: boolean };
    expect(standIn.received.length).toBe(before + 1);
    expect(asked.max_tokens).toBe(1);
    expect(asked.stream).toBeUndefined();

    expect((await test({ capability: 'text', model: 'stand-in-model' })).json()).toMatchObject({ ok: true });
    const heard = standIn.transcriptions.length;
    expect((await test({ capability: 'transcription', model: 'stand-in-whisper' })).json()).toMatchObject({ ok: true });
    expect(standIn.transcriptions.length).toBe(heard + 1);
    expect(standIn.transcriptions.at(-1)!.file).toMatchObject({ type: 'audio/wav' });
    // Artwork: only the model's presence (a picture would cost money); none is drawn.
    const drawn = standIn.images.length;
    expect((await test({ capability: 'image', model: 'gpt-image-1' })).json()).toMatchObject({ ok: true });
    expect((await test({ capability: 'image', model: 'no-such-model' })).json()).toEqual({ ok: false, reason: 'model-missing', status: null });
    expect(standIn.images.length).toBe(drawn);

    expect((await test({ capability: 'chat', model: 'stand-in-model', apiKey: 'sk-wrong' })).json()).toEqual({ ok: false, reason: 'unauthorized', status: 401 });
    expect((await test({ capability: 'chat', model: 'stand-in-model', baseUrl: await deadAddress() })).json()).toEqual({ ok: false, reason: 'unreachable', status: null });
    standIn.behave('error');
    standIn.behaveText('error');
    expect((await test({ capability: 'chat', model: 'stand-in-model' })).json()).toEqual({ ok: false, reason: 'upstream', status: 500 });
    standIn.behaveText('json');
    standIn.behave('stream');
  });

  it('refuses the machine’s link-local services (cloud metadata) but lets a local server be used', async () => {
    const admin = await createUser(t, { admin: true });
    for (const baseUrl of ['http://169.254.169.254/latest', 'http://[fe80::1]:8080/v1', 'http://[::ffff:169.254.169.254]/v1']) {
      const answer = await as(t, admin.cookie, 'POST', '/api/admin/ai/test', { capability: 'chat', baseUrl, model: 'x' });
      expect(answer.statusCode, baseUrl).toBe(400);
      expect(answer.json().error.fields).toEqual({ baseUrl: ['validation.aiBaseUrlBlocked'] });
    }
    const local = await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'chat', baseUrl: standIn.baseUrl.replace('127.0.0.1', 'localhost'), apiKey: KEY });
    expect(local.json()).toMatchObject({ ok: true });
  });

  it('refuses a local server that redirects to a link-local service, on the model list and Test', async () => {
    // Port 1 is on fetch's list of ports it never opens: even a server without this rule would make no
    // connection to the metadata address, so the test reaches nothing but 127.0.0.1.
    const metadata = 'http://169.254.169.254:1/latest/meta-data/';
    const asked: string[] = [];
    const redirecting = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(307, { location: metadata });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/v1`;
    try {
      const admin = await createUser(t, { admin: true });
      const listed = await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'chat', baseUrl });
      expect(listed.statusCode, listed.body).toBe(400);
      expect(listed.json().error.fields).toEqual({ baseUrl: ['validation.aiBaseUrlBlocked'] });
      const tested = await as(t, admin.cookie, 'POST', '/api/admin/ai/test', { capability: 'chat', baseUrl, model: 'x' });
      expect(tested.statusCode, tested.body).toBe(400);
      expect(tested.json().error.fields).toEqual({ baseUrl: ['validation.aiBaseUrlBlocked'] });
      expect(asked).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it('switches the conversation to the endpoint with no restart, and back to offline the same way', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t);
    const saved = await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', endpoint());
    expect(saved.statusCode, saved.body).toBe(200);
    const chat = saved.json().providers[0];
    expect(chat).toMatchObject({ capability: 'chat', source: 'openai-compatible', baseUrl: standIn.baseUrl, model: 'stand-in-model', hasKey: true, active: 'openai-compatible' });
    expect(chat.keyMask).toBe(`sk-…${KEY.slice(-4)}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().providers.chat).toBe('openai-compatible');
    expect((await as(t, admin.cookie, 'GET', '/api/admin/settings')).json().providers.chat).toBe('openai-compatible');

    const before = standIn.chats().length;
    const reply = await postChatReply(t, person.cookie, buildChatRequest());
    expect(reply.statusCode).toBe(200);
    expect(textOf(eventsOf(reply.body))).toBe(standIn.reply);
    expect(standIn.chats().length).toBe(before + 1);
    expect(standIn.chats().at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    expect((await as(t, person.cookie, 'GET', '/api/chat/status?language=en')).json().companion).toBe('ai');

    const back = await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'offline' });
    expect(back.json().providers[0]).toMatchObject({ source: 'offline', active: 'offline-companion', hasKey: true });
    const offline = await postChatReply(t, person.cookie, buildChatRequest());
    expect(textOf(eventsOf(offline.body))).not.toBe(standIn.reply);
    expect(standIn.chats().length).toBe(before + 1);
    expect((await as(t, person.cookie, 'GET', '/api/chat/status?language=en')).json().companion).toBe('offline');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().providers.chat).toBe('offline-companion');
  });

  it('gives a provider chosen in the tab the locked safety instructions, and never relays its words in a crisis', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t);
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', endpoint());

    await postChatReply(t, person.cookie, buildChatRequest({ language: 'fr' }));
    const system = standIn.chats().at(-1)!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content.endsWith(SAFETY_INSTRUCTIONS.fr)).toBe(true);

    // The offline assessor's crisis: the provider is not even asked.
    const asked = standIn.chats().length;
    const crisis = await postChatReply(t, person.cookie, buildChatRequest({ language: 'en', country: 'IE', messages: [{ role: 'user', content: 'I want to kill myself' }] }));
    const events = eventsOf(crisis.body);
    expect(events[0]).toEqual({ type: 'safety', level: 'crisis' });
    expect(textOf(events)).not.toContain(standIn.reply);
    expect(standIn.chats().length).toBe(asked);

    // The model's own judgement, asked through the provider the tab chose, turns a reply into ours.
    standIn.behaveJudgement('crisis');
    const judged = await postChatReply(t, person.cookie, buildChatRequest({ language: 'en', messages: [{ role: 'user', content: 'I am tidying up my things one last time.' }] }));
    expect(eventsOf(judged.body)[0]).toEqual({ type: 'safety', level: 'crisis' });
    expect(textOf(eventsOf(judged.body))).not.toContain(standIn.reply);
    expect(standIn.judgements().at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    standIn.behaveJudgement('none');
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'configuration' });
  });

  it('keeps the stored key when the key field is left empty, drops it for another server, and removes it on request', async () => {
    const admin = await createUser(t, { admin: true });
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', endpoint());
    const kept = await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', endpoint({ apiKey: '', model: 'another-model' }));
    expect(kept.json().providers[1]).toMatchObject({ model: 'another-model', hasKey: true });
    // The stored key is used by Models and Test on its own server, without being typed again…
    expect((await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'text', baseUrl: standIn.baseUrl })).json()).toMatchObject({ ok: true });
    expect((await as(t, admin.cookie, 'POST', '/api/admin/ai/test', { capability: 'text', baseUrl: standIn.baseUrl, model: 'stand-in-model' })).json()).toMatchObject({ ok: true });
    // …and never sent anywhere else.
    const other = await startOpenAiStandIn();
    try {
      await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'text', baseUrl: other.baseUrl });
      expect(other.modelRequests.at(-1)!.authorization).not.toContain(KEY);
      const moved = await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', endpoint({ apiKey: undefined, baseUrl: other.baseUrl }));
      expect(moved.json().providers[1]).toMatchObject({ baseUrl: other.baseUrl, hasKey: false, keyMask: null });
    } finally {
      await other.close();
    }
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', endpoint());
    const removed = await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', endpoint({ apiKey: undefined, removeKey: true }));
    expect(removed.json().providers[1]).toMatchObject({ hasKey: false, keyMask: null });
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'configuration' });
  });

  it('turns voice on as soon as a transcription endpoint is saved', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t);
    expect((await as(t, person.cookie, 'GET', '/api/chat/status?language=en')).json().voice).toBe(false);
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/transcription', endpoint({ model: 'stand-in-whisper' }));
    expect((await as(t, person.cookie, 'GET', '/api/chat/status?language=en')).json().voice).toBe(true);
    const heard = await postTranscribe(t, person.cookie, { audio: wavRecording(), type: 'audio/wav' });
    expect(heard.statusCode, heard.body).toBe(200);
    expect(heard.json()).toEqual({ text: 'Words heard by the stand-in.' });
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/transcription', { source: 'offline' });
    expect((await as(t, person.cookie, 'GET', '/api/chat/status?language=en')).json().voice).toBe(false);
  });

  it('never has the key in clear in an answer, a log line or the database', async () => {
    const admin = await createUser(t, { admin: true });
    const answers: string[] = [];
    for (const capability of ['chat', 'text', 'image', 'transcription']) {
      answers.push((await as(t, admin.cookie, 'PUT', `/api/admin/ai/${capability}`, endpoint({ model: capability === 'image' ? 'gpt-image-1' : 'stand-in-model' }))).body);
    }
    answers.push((await as(t, admin.cookie, 'GET', '/api/admin/ai')).body);
    answers.push((await as(t, admin.cookie, 'GET', '/api/admin/settings')).body);
    answers.push((await t.app.inject({ method: 'GET', url: '/api/health' })).body);
    answers.push((await as(t, admin.cookie, 'POST', '/api/admin/ai/test', { capability: 'chat', baseUrl: standIn.baseUrl, model: 'stand-in-model', apiKey: KEY })).body);
    answers.push((await as(t, admin.cookie, 'POST', '/api/admin/ai/models', { capability: 'chat', baseUrl: standIn.baseUrl, apiKey: KEY })).body);
    for (const body of answers) expect(body).not.toContain(KEY.slice(3));
    expect(t.logs.join('')).toContain('AI provider saved');
    expect(t.logs.join('')).not.toContain(KEY.slice(3));
    expect(await storedText(t.db)).not.toContain(KEY.slice(3));
    expect(await storedText(t.db)).toContain('v2.');
    for (const capability of ['chat', 'text', 'image', 'transcription']) await as(t, admin.cookie, 'PUT', `/api/admin/ai/${capability}`, { source: 'configuration' });
  });
});

describe('environment variables and the tab together', () => {
  it('uses the environment until the tab chooses, and the tab’s choice (offline included) wins over it', async () => {
    const env = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_API_KEY: KEY, AI_CHAT_MODEL: 'stand-in-model', CHAT_OFFLINE_DELAY_MS: '0' });
    const admin = await createUser(env, { admin: true });
    const view = (await as(env, admin.cookie, 'GET', '/api/admin/ai')).json().providers[0];
    expect(view).toMatchObject({ source: 'configuration', active: 'openai-compatible', configuration: { provider: 'openai-compatible', baseUrl: standIn.baseUrl, model: 'stand-in-model' } });
    await as(env, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'offline' });
    expect((await env.app.inject({ method: 'GET', url: '/api/health' })).json().providers.chat).toBe('offline-companion');
    await as(env, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'configuration' });
    expect((await env.app.inject({ method: 'GET', url: '/api/health' })).json().providers.chat).toBe('openai-compatible');
  });

  it('says when a stored key cannot be read any more (SECRETS_KEY changed), without failing', async () => {
    const first = await createTestApp({ SECRETS_KEY: 'the-first-secrets-key-of-this-install-0123' });
    const admin = await createUser(first, { admin: true });
    await as(first, admin.cookie, 'PUT', '/api/admin/ai/chat', endpoint());
    await first.app.close();
    const second = await createTestApp({ SECRETS_KEY: 'another-secrets-key-entirely-for-this-test' });
    const view = await as(second, admin.cookie, 'GET', '/api/admin/ai');
    expect(view.statusCode).toBe(200);
    expect(view.json().providers[0]).toMatchObject({ hasKey: true, keyMask: null, active: 'openai-compatible' });
    await as(second, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'configuration' });
  });
});
