// A chosen AI service that fails never leaves a person without an answer: the built-in companion answers that
// turn (and says so), the built-in writer writes that memory, and the failure shows in /api/health and the AI tab
// — which provider, what kind of failure, never a word of the conversation — until the service's next call works.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { AiSettings } from '@shared/contracts/ai';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { buildGenerationRequest, postGeneration } from './factories/generation';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { startOpenAiStandIn } from './support/openai-stand-in';

const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

const t = await createTestApp({
  AI_BASE_URL: standIn.baseUrl,
  AI_API_KEY: 'sk-test-key',
  AI_CHAT_MODEL: 'stand-in-model',
  AI_TIMEOUT_SECONDS: '1',
  CHAT_OFFLINE_DELAY_MS: '0',
});

const health = async (app: TestApp) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/health' });
  return { statusCode: response.statusCode, body: response.json(), raw: response.body };
};
const aiTab = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/admin/ai', headers: { cookie, origin: TEST_ORIGIN } })).json<AiSettings>();

const SECRET_WORDS = 'my sister Camille and the blue bicycle';

describe('a failing AI service', () => {
  it('is answered by the built-in companion, shows as degraded with its provider only, and recovers by itself', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { admin: true });
    const request = buildChatRequest({ messages: [{ role: 'user', content: `Today I rode ${SECRET_WORDS}.` }] });

    standIn.behave('error');
    const failed = await postChatReply(t, user.cookie, request);
    expect(failed.statusCode).toBe(200);
    const events = eventsOf(failed.body);
    // Said before the first word, so the app can say who answered; then a real reply, and no error.
    expect(events[0]).toEqual({ type: 'standIn', reason: 'provider-failed' });
    expect(textOf(events).trim().length).toBeGreaterThan(10);
    expect(textOf(events)).not.toContain(standIn.reply);
    expect(events.at(-1)).toEqual({ type: 'done' });

    const degraded = await health(t);
    expect(degraded.statusCode).toBe(200);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.failing).toEqual([{ capability: 'chat', provider: 'openai-compatible', reason: 'upstream', status: 500, since: expect.any(String) }]);
    expect(degraded.raw).not.toContain('Camille');
    const chatView = (await aiTab(t, admin.cookie)).providers.find((p) => p.capability === 'chat')!;
    expect(chatView.failing).toMatchObject({ provider: 'openai-compatible', reason: 'upstream', status: 500 });
    const since = chatView.failing!.since;

    // A timeout is a failure too, and the same failure goes on from the moment it began.
    standIn.behave('hang');
    const timedOut = eventsOf((await postChatReply(t, user.cookie, request)).body);
    expect(timedOut[0]).toEqual({ type: 'standIn', reason: 'provider-failed' });
    expect(timedOut.at(-1)).toEqual({ type: 'done' });
    expect((await health(t)).body.failing).toEqual([{ capability: 'chat', provider: 'openai-compatible', reason: 'timeout', status: null, since }]);

    // The service answers again: the next turn is its own, and the failure is gone without a restart.
    standIn.behave('stream');
    const recovered = eventsOf((await postChatReply(t, user.cookie, request)).body);
    expect(recovered.some((e) => e.type === 'standIn')).toBe(false);
    expect(textOf(recovered)).toBe(standIn.reply);
    const healthy = await health(t);
    expect(healthy.body).toMatchObject({ status: 'ok', failing: [] });
    expect((await aiTab(t, admin.cookie)).providers.find((p) => p.capability === 'chat')!.failing).toBeNull();
    expect(t.logs.join('')).not.toContain('Camille');
  });

  it('has the memory written by the built-in writer, shows the writer degraded, and recovers at its next call', async () => {
    const user = await createUser(t);
    standIn.behave('stream');
    standIn.behaveText('error');
    const failed = await postGeneration(t, user.cookie, buildGenerationRequest({ conversationId: randomUUID() }));
    expect(failed.statusCode, failed.body).toBe(201);
    expect(failed.json()).toMatchObject({ outcome: 'created', textFallback: true });
    const degraded = await health(t);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.failing).toEqual([{ capability: 'text', provider: 'openai-compatible', reason: 'upstream', status: 500, since: expect.any(String) }]);

    standIn.behaveText('json');
    const next = await createUser(t);
    const written = await postGeneration(t, next.cookie, buildGenerationRequest({ conversationId: randomUUID() }));
    expect(written.json()).toMatchObject({ outcome: 'created', textFallback: false });
    expect((await health(t)).body).toMatchObject({ status: 'ok', failing: [] });
  });
});
