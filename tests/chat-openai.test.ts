import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { profiles } from '@server/db/schema/index';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const t = await createTestApp({ AI_BASE_URL: standIn.baseUrl, AI_API_KEY: 'sk-test-key', AI_CHAT_MODEL: 'stand-in-model', AI_TIMEOUT_SECONDS: '1' });

describe('chat through an OpenAI-compatible API', () => {
  it('says which provider answers', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().providers.chat).toBe('openai-compatible');
  });

  it('streams the model’s reply, with the system prompt built from the settings and the profile', async () => {
    standIn.behave('stream');
    const user = await createUser(t, { firstName: 'Maëlle' });
    await t.db
      .update(profiles)
      .set({ gender: 'female', medicalDiagnosis: 'seasonal-mood-note' })
      .where(eq(profiles.id, user.id));
    const messages = [
      { role: 'user' as const, content: 'Bonjour' },
      { role: 'assistant' as const, content: 'Bonjour Maëlle.' },
      { role: 'user' as const, content: 'Ma journée était longue.' },
    ];
    const response = await postChatReply(t, user.cookie, buildChatRequest({ language: 'fr', messages }));
    expect(response.statusCode).toBe(200);
    const events = eventsOf(response.body);
    expect(events.filter((e) => e.type === 'delta').length).toBe(5);
    expect(textOf(events)).toBe(standIn.reply);
    expect(events.at(-1)).toEqual({ type: 'done' });

    const sent = standIn.chats().at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test-key');
    expect(sent.body.model).toBe('stand-in-model');
    expect(sent.body.stream).toBe(true);
    const [system, ...rest] = sent.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Tu es Mira');
    expect(system!.content).toContain('Maëlle');
    expect(system!.content).toContain('femme');
    expect(system!.content).toContain('seasonal-mood-note');
    expect(system!.content).not.toContain('{agentName}');
    expect(rest).toEqual(messages);
  });

  it('ends with an error event when the stream breaks mid-way, and keeps serving', async () => {
    const user = await createUser(t);
    standIn.behave('break');
    const broken = await postChatReply(t, user.cookie, buildChatRequest());
    expect(broken.statusCode).toBe(200);
    const events = eventsOf(broken.body);
    expect(events.filter((e) => e.type === 'delta').length).toBe(2);
    expect(events.at(-1)).toEqual({ type: 'error', code: 'CHAT_PROVIDER_FAILED' });

    standIn.behave('stream');
    const next = await postChatReply(t, user.cookie, buildChatRequest());
    expect(eventsOf(next.body).at(-1)).toEqual({ type: 'done' });
  });

  it('gives up quickly when the API never answers, and the built-in companion answers instead', async () => {
    const user = await createUser(t);
    standIn.behave('hang');
    const response = await postChatReply(t, user.cookie, buildChatRequest());
    expect(response.statusCode).toBe(200);
    const events = eventsOf(response.body);
    expect(events[0]).toEqual({ type: 'standIn', reason: 'provider-failed' });
    expect(textOf(events)).not.toBe('');
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('aborts the upstream call when the reader goes away', async () => {
    const user = await createUser(t);
    standIn.behave('trickle');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = standIn.abandoned();
    // A plain one-connection client, so that hanging up closes the only socket it opened.
    const request = http.request(`${address}/api/chat/reply`, {
      method: 'POST',
      agent: false,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
    });
    const firstData = new Promise<string>((resolve, reject) => {
      request.on('response', (response) => response.once('data', (chunk: Buffer) => resolve(chunk.toString())));
      request.on('error', reject);
    });
    request.end(JSON.stringify(buildChatRequest()));
    expect(await firstData).toContain('"type":"delta"');
    request.destroy();
    await expect.poll(() => standIn.abandoned(), { timeout: 800 }).toBe(before + 1); // sooner than the 1 s timeout: the hang-up did it
  });

  it('has the built-in companion answer when the API fails, without the API’s message', async () => {
    const user = await createUser(t);
    standIn.behave('error');
    const response = await postChatReply(t, user.cookie, buildChatRequest());
    expect(response.statusCode).toBe(200);
    expect(eventsOf(response.body)[0]).toEqual({ type: 'standIn', reason: 'provider-failed' });
    expect(response.body).not.toContain('on purpose');
    expect(t.logs.join('')).toContain('"upstreamStatus":500');
  });
});
