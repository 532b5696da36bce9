// "Private AI on this server" through the app: an administrator chooses a model file of the data folder in
// the AI tab (no restart), tests it, and the next chat reply streams from it — a tiny GGUF with random
// weights that the test writes (its words are noise; the mechanics are what is checked). Downloads go to a
// local HTTP server that honours Range; file names and addresses that would leave the models folder or reach
// the machine's own services are refused.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalModelOverview } from '@shared/contracts/ai';
import { buildChatRequest, eventsOf, postChatReply, textOf } from './factories/chat-request';
import { createUser } from './factories/user';
import { createTestApp, TEST_ORIGIN, type TestApp } from './support/app';
import { tinyModelBytes, writeTinyModel } from './support/tiny-gguf';

// One compute thread: more than the free cores make llama.cpp's spinning barriers crawl on a shared machine.
const t = await createTestApp({ CHAT_OFFLINE_DELAY_MS: '0', LOCAL_MODEL_THREADS: '1' });
const MODEL = 'tiny.gguf';
await mkdir(path.join(t.dataDir, 'models'), { recursive: true });
await writeTinyModel(path.join(t.dataDir, 'models', MODEL));

// What a model host serves: the tiny model (Range honoured), and an address that redirects to cloud metadata.
const served = tinyModelBytes({ seed: 7 });
const servedHash = createHash('sha256').update(served).digest('hex');
// `/stall/…`: without a Range header, half the file, then nothing (until the test lets it go) — a download
// cut by a restart; with one, the rest.
const stalled = new Set<import('node:http').ServerResponse>();
const files: Server = createServer((request, response) => {
  if (request.url?.startsWith('/stall/') && !request.headers.range) {
    response.writeHead(200, { 'content-length': served.length });
    response.write(served.subarray(0, served.length / 2));
    stalled.add(response);
    return;
  }
  if (request.url === '/to-metadata/model.gguf') {
    response.writeHead(302, { location: 'http://169.254.169.254/latest/model.gguf' }).end();
    return;
  }
  if (!request.url?.endsWith('.gguf')) {
    response.writeHead(404).end();
    return;
  }
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  const from = range ? Number(range[1]) : 0;
  response.writeHead(range ? 206 : 200, {
    'content-length': served.length - from,
    ...(range ? { 'content-range': `bytes ${from}-${served.length - 1}/${served.length}` } : {}),
  });
  response.end(served.subarray(from));
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const host = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
afterAll(() => {
  for (const response of stalled) response.destroy();
  return new Promise<void>((resolve) => files.close(() => resolve()));
});

const as = (app: TestApp, cookie: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });

/** Reads the overview until the download of `fileName` has ended (bounded by the test's timeout). */
async function downloadEnded(cookie: string, fileName: string, app: TestApp = t) {
  for (;;) {
    const overview = (await as(app, cookie, 'GET', '/api/admin/ai/local')).json<LocalModelOverview>();
    const download = overview.downloads.find((d) => d.fileName === fileName);
    if (download && download.state !== 'downloading' && download.state !== 'verifying') return { overview, download };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the private model in the AI tab', { timeout: 90_000 }, () => {
  it('lists the model files of the data folder and the suggested downloads with the memory they need', async () => {
    const admin = await createUser(t, { admin: true });
    const overview = (await as(t, admin.cookie, 'GET', '/api/admin/ai/local')).json<LocalModelOverview>();
    expect(overview.files).toEqual([{ fileName: MODEL, sizeBytes: expect.any(Number), state: 'ready', percent: null, queued: 0 }]);
    expect(overview.suggested.length).toBeGreaterThanOrEqual(2);
    for (const model of overview.suggested) {
      expect(model.url).toMatch(/^https:\/\/huggingface\.co\//);
      expect(model.memoryBytes).toBeGreaterThan(0);
    }
    expect(overview.machine.totalMemoryBytes).toBeGreaterThan(0);
  });

  it('is chosen with no restart: Test answers, the next reply streams from it piece by piece, and offline comes back the same way', async () => {
    const admin = await createUser(t, { admin: true });
    const person = await createUser(t);

    expect((await as(t, admin.cookie, 'POST', '/api/admin/ai/local/test', { capability: 'chat', model: MODEL })).json()).toEqual({ ok: true, latencyMs: expect.any(Number) });
    expect((await as(t, admin.cookie, 'POST', '/api/admin/ai/local/test', { capability: 'chat', model: 'absent.gguf' })).json()).toEqual({ ok: false, reason: 'model-missing', status: null });

    const saved = await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'local-model', model: MODEL });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().providers[0]).toMatchObject({ capability: 'chat', source: 'local-model', model: MODEL, active: 'local-model' });
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.providers.chat).toBe('local-model');
    expect(health.providers.localModel).toEqual({ chat: { fileName: MODEL, state: 'ready', percent: null, queued: 0 }, text: null });
    expect((await as(t, admin.cookie, 'GET', '/api/admin/settings')).json().providers.localModel.chat).toMatchObject({ fileName: MODEL });

    const reply = await postChatReply(t, person.cookie, buildChatRequest());
    expect(reply.statusCode).toBe(200);
    const events = eventsOf(reply.body);
    // No level: the offline verdict is none, and so is the tiny model's own judgement (at temperature 0 its
    // grammar-bound answer is the same every time; tests/safety-local-model.test.ts makes models that raise it).
    expect(events.some((e) => e.type === 'safety')).toBe(false);
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    expect((await as(t, person.cookie, 'GET', '/api/chat/status?language=en')).json().companion).toBe('local');

    // A crisis is answered by the safety layer's own words, whatever the model.
    const crisis = eventsOf((await postChatReply(t, person.cookie, buildChatRequest({ country: 'IE', messages: [{ role: 'user', content: 'I want to kill myself' }] }))).body);
    expect(crisis[0]).toEqual({ type: 'safety', level: 'crisis' });
    expect(textOf(crisis)).toMatch(/Samaritans|116 123/);

    const back = await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'offline' });
    expect(back.json().providers[0]).toMatchObject({ source: 'offline', active: 'offline-companion' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().providers.localModel.chat).toBeNull();
  });

  it('queues two simultaneous conversations: the second waits while the first is answered, and both get their reply', async () => {
    const admin = await createUser(t, { admin: true });
    const [first, second] = [await createUser(t), await createUser(t)];
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'local-model', model: MODEL });

    let done = 0;
    const replies = [first, second].map((person) =>
      postChatReply(t, person.cookie, buildChatRequest()).finally(() => {
        done++;
      }),
    );
    // Seen by /api/health while both are on their way: one answered, the other waiting. Each turn asks two jobs of
    // the model, its risk judgement then its reply, so the other turn's two wait while the first reply is written.
    let seen: { queued: number } | null = null;
    while (done === 0 && !seen) {
      const local = (await t.app.inject({ method: 'GET', url: '/api/health' })).json().providers.localModel.chat;
      if (local.state === 'busy' && local.queued >= 2) seen = local;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(seen).toMatchObject({ fileName: MODEL, state: 'busy', percent: null });
    expect(seen!.queued).toBeGreaterThanOrEqual(2);
    for (const reply of await Promise.all(replies)) {
      expect(reply.statusCode).toBe(200);
      expect(eventsOf(reply.body).filter((e) => e.type === 'delta').length).toBeGreaterThan(0);
    }
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'configuration' });
  });

  it('refuses a file outside the models folder, one that is not there, and capabilities that do not write text', async () => {
    const admin = await createUser(t, { admin: true });
    for (const model of ['../tiny.gguf', '/etc/passwd', 'models/tiny.gguf', '..\\tiny.gguf', '.hidden.gguf', 'tiny.bin', 'tiny.gguf\u0000.txt']) {
      const answer = await as(t, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'local-model', model });
      expect(answer.statusCode, model).toBe(400);
      // A NUL is refused before the contract reads the body, as in every text the app stores.
      if (!model.includes('\u0000')) expect(answer.json().error.fields, model).toEqual({ model: ['validation.localModelFileInvalid'] });
      expect((await as(t, admin.cookie, 'POST', '/api/admin/ai/local/test', { capability: 'chat', model })).statusCode, model).toBe(400);
    }
    const missing = await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'local-model', model: 'absent.gguf' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ model: ['validation.localModelMissing'] });
    const image = await as(t, admin.cookie, 'PUT', '/api/admin/ai/image', { source: 'local-model', model: MODEL });
    expect(image.statusCode).toBe(400);
    expect(image.json().error.fields).toEqual({ source: ['validation.localModelCapability'] });
    expect((await as(t, admin.cookie, 'GET', '/api/admin/ai')).json().providers.map((p: { source: string }) => p.source)).not.toContain('local-model');
  });

  it('downloads a model in the background with its progress, checks its hash, and the file can then be chosen', async () => {
    const admin = await createUser(t, { admin: true });
    const started = await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/models/served.gguf`, sha256: servedHash, sizeBytes: served.length });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().ok).toBe(true);
    const { overview, download } = await downloadEnded(admin.cookie, 'served.gguf');
    expect(download).toMatchObject({ state: 'done', receivedBytes: served.length, totalBytes: served.length, failure: null });
    expect(overview.files.map((f) => f.fileName)).toContain('served.gguf');
    const chosen = await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'local-model', model: 'served.gguf' });
    expect(chosen.json().providers[1]).toMatchObject({ source: 'local-model', active: 'local-model' });
    await as(t, admin.cookie, 'PUT', '/api/admin/ai/text', { source: 'configuration' });
  });

  it('removes a file that does not match its hash, and never follows an address to the machine’s own services', async () => {
    const admin = await createUser(t, { admin: true });
    await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/wrong.gguf`, sha256: 'a'.repeat(64) });
    expect((await downloadEnded(admin.cookie, 'wrong.gguf')).download).toMatchObject({ state: 'failed', failure: 'bad-hash' });
    expect(existsSync(path.join(t.dataDir, 'models', 'wrong.gguf'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'models', 'wrong.gguf.part'))).toBe(false);

    await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/to-metadata/model.gguf`, sha256: servedHash });
    expect((await downloadEnded(admin.cookie, 'model.gguf')).download).toMatchObject({ state: 'failed', failure: 'address' });

    for (const url of ['http://169.254.169.254/latest/model.gguf', 'http://[fe80::1]/model.gguf']) {
      const refused = await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url, sha256: servedHash });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.fields).toEqual({ url: ['validation.aiBaseUrlBlocked'] });
    }
    const escaping = await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/x.gguf`, sha256: servedHash, fileName: '../x.gguf' });
    expect(escaping.statusCode).toBe(400);
    for (const url of [`${host}/download?file=1`, `${host}/model%.gguf`]) {
      const noName = await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url, sha256: servedHash });
      expect(noName.json(), url).toMatchObject({ ok: false, reason: 'no-file-name' });
    }
  });

  it('says before downloading that the machine lacks the memory for a model, and fetches nothing', async () => {
    const admin = await createUser(t, { admin: true });
    const huge = await as(t, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/huge.gguf`, sha256: servedHash, sizeBytes: 1024 ** 4 });
    expect(huge.json()).toMatchObject({ ok: false, reason: 'memory', memory: { neededBytes: expect.any(Number), totalBytes: expect.any(Number) } });
    expect((await as(t, admin.cookie, 'GET', '/api/admin/ai/local')).json().downloads.map((d: { fileName: string }) => d.fileName)).not.toContain('huge.gguf');
    expect((await as(t, admin.cookie, 'DELETE', '/api/admin/ai/local/downloads/huge.gguf')).statusCode).toBe(404);
  });

  it('is also chosen by LOCAL_MODEL_PATH for those who deploy by configuration, and the AI tab still wins', async () => {
    const configured = await createTestApp({ LOCAL_MODEL_PATH: path.join(t.dataDir, 'models', MODEL), LOCAL_MODEL_THREADS: '1' });
    const admin = await createUser(configured, { admin: true });
    const health = (await configured.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect([health.providers.chat, health.providers.text, health.providers.image]).toEqual(['local-model', 'local-model', 'generative-art']);
    // By its name only: where the server keeps it is not for the public.
    expect(health.providers.localModel.chat).toEqual({ fileName: MODEL, state: 'ready', percent: null, queued: 0 });
    const chat = (await as(configured, admin.cookie, 'GET', '/api/admin/ai')).json().providers[0];
    expect(chat).toMatchObject({ source: 'configuration', active: 'local-model', configuration: { provider: 'local-model', model: MODEL } });
    await as(configured, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'offline' });
    expect((await configured.app.inject({ method: 'GET', url: '/api/health' })).json().providers).toMatchObject({ chat: 'offline-companion', text: 'local-model', localModel: { chat: null } });
  });

  it('shows a download’s progress, and finishes it after a restart where it stopped', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'souvenir-resume-'));
    try {
      const first = await createTestApp({ DATA_DIR: dataDir, LOCAL_MODEL_THREADS: '1' });
      const admin = await createUser(first, { admin: true });
      await as(first, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/stall/resumed.gguf`, sha256: servedHash, sizeBytes: served.length });
      // Chosen while it arrives: the tab and /api/health say so, and the built-in companion answers meanwhile.
      await as(first, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'local-model', model: 'resumed.gguf' });
      for (;;) {
        const local = (await first.app.inject({ method: 'GET', url: '/api/health' })).json().providers;
        expect(local.chat).toBe('offline-companion');
        if (local.localModel.chat.percent === 50) break;
        expect(local.localModel.chat).toMatchObject({ fileName: 'resumed.gguf', state: 'downloading' });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await first.app.close();
      expect(existsSync(path.join(dataDir, 'models', 'resumed.gguf.part'))).toBe(true);

      const second = await createTestApp({ DATA_DIR: dataDir, LOCAL_MODEL_THREADS: '1' });
      const { download } = await downloadEnded(admin.cookie, 'resumed.gguf', second);
      expect(download).toMatchObject({ state: 'done', receivedBytes: served.length });
      expect((await second.app.inject({ method: 'GET', url: '/api/health' })).json().providers).toMatchObject({
        chat: 'local-model',
        localModel: { chat: { fileName: 'resumed.gguf', state: 'ready' } },
      });
      await as(second, admin.cookie, 'PUT', '/api/admin/ai/chat', { source: 'configuration' });
      await second.app.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('lets one process at a time download into a data folder that several share', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'souvenir-shared-models-'));
    try {
      // Two processes on one database and one data folder, as two containers sharing a volume.
      const first = await createTestApp({ DATA_DIR: dataDir, LOCAL_MODEL_THREADS: '1' });
      const other = await createTestApp({ DATA_DIR: dataDir, LOCAL_MODEL_THREADS: '1' });
      const admin = await createUser(first, { admin: true });
      const started = await as(first, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/stall/shared.gguf`, sha256: servedHash, sizeBytes: served.length });
      expect(started.statusCode).toBe(200);
      // The same file, or another: either would write into the folder the first is writing to.
      for (const fileName of ['shared.gguf', 'another.gguf']) {
        const refused = await as(other, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/models/${fileName}`, sha256: servedHash, sizeBytes: served.length });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.code).toBe('MODEL_DOWNLOAD_ELSEWHERE');
      }
      expect(existsSync(path.join(dataDir, 'models', 'another.gguf.part'))).toBe(false);
      // The first stops (its download pauses): the other may download now.
      await first.app.close();
      const after = await as(other, admin.cookie, 'POST', '/api/admin/ai/local/downloads', { kind: 'url', url: `${host}/models/another.gguf`, sha256: servedHash, sizeBytes: served.length });
      expect(after.statusCode).toBe(200);
      expect((await downloadEnded(admin.cookie, 'another.gguf', other)).download).toMatchObject({ state: 'done', receivedBytes: served.length });
      await other.app.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
