/**
 * A server killed (SIGKILL) in the middle of a generation restarts cleanly: the real entry
 * point on a PGlite data folder, killed while the image API keeps the generation waiting, then started again
 * on the same folder. PGlite's on-disk recovery is exercised for real; the generation cut short must leave
 * no reserved slot, no half-written memory and no stray file (docs/decisions/0028).
 * PGlite only (its folder is the process's own): excluded from the integration-pg project.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGenerationRequest } from './factories/generation';
import { startOpenAiStandIn } from './support/openai-stand-in';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const standIn = await startOpenAiStandIn();
afterAll(() => standIn.close());

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

/** The real entry point, as `npm start` runs it (through tsx instead of the bundle). */
function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      // Texts from the stand-in; the image too, which the test makes wait for as long as it needs.
      AI_BASE_URL: standIn.baseUrl,
      AI_CHAT_MODEL: 'stand-in-chat',
      AI_IMAGE_MODEL: 'stand-in-image',
      AI_IMAGE_TIMEOUT_SECONDS: '300',
      RATE_LIMIT_GENERATION_MAX: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}
type Server = ReturnType<typeof startServer>;

async function waitForHealth(server: Server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

/** A request as the browser makes it: same origin, the session cookie, JSON. */
const api = (method: string, url: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}${url}`, {
    method,
    headers: { origin, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('better-auth.session_token='));
const generate = (cookie: string, key: string) => api('POST', '/api/generations', cookie, buildGenerationRequest(), { 'idempotency-key': key });
const generationInfo = async (cookie: string) => (await (await api('GET', '/api/chat/status?language=en', cookie)).json()).generation as unknown;
const recentIds = async (cookie: string) => ((await (await api('GET', '/api/memories/recent', cookie)).json()).items as { id: string; imageUrl: string }[]).map((m) => m.id);

describe('a server killed during a generation', () => {
  it('restarts on the same data folder with everything written before, no reserved slot, no half memory, no stray file', { timeout: 300_000 }, async () => {
    const email = `killed-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'correct horse battery';
    const first = startServer();
    let cookie: string;
    let userId: string;
    let earlierMemory: string;
    const key = randomUUID();
    try {
      await waitForHealth(first);
      // The first account is the administrator: it raises the daily limit to 2 and grants itself free access.
      const signedUp = await api('POST', '/api/auth/sign-up/email', undefined, { email, password, name: 'Camille', defaultLanguage: 'en' });
      expect(signedUp.status, await signedUp.clone().text()).toBe(200);
      userId = ((await signedUp.json()) as { user: { id: string } }).user.id;
      cookie = sessionCookieOf(await api('POST', '/api/auth/sign-in/email', undefined, { email, password }))!;
      expect(cookie).toBeDefined();

      // A day of data before the crash: a memory (one slot used), a support ticket, the admin's settings.
      const made = await generate(cookie, randomUUID());
      expect(made.status, await made.clone().text()).toBe(201);
      earlierMemory = ((await made.json()) as { memoryId: string }).memoryId;
      expect((await api('POST', '/api/support/tickets', cookie, { subject: 'Before the crash', message: 'Written before the server was killed.' })).status).toBe(201);
      expect((await api('PATCH', '/api/admin/settings', cookie, { dailyGenerationLimit: 2 })).status).toBe(200);
      expect((await api('PUT', `/api/admin/users/${userId}/free-access`, cookie, { freeAccess: true })).status).toBe(204);
      expect(await generationInfo(cookie)).toEqual({ remaining: 1, limit: 2, canGenerate: true });

      // The second memory of the day waits on the image API: its slot is reserved, then the process dies.
      standIn.behaveImages('hang');
      const asked = standIn.images.length;
      const cutShort = generate(cookie, key).catch((error: unknown) => error);
      await expect.poll(() => standIn.images.length, { timeout: 60_000, interval: 100 }).toBe(asked + 1);
      expect(await generationInfo(cookie)).toEqual({ remaining: 0, limit: 2, canGenerate: false });
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await cutShort).toBeInstanceOf(Error);
    } finally {
      first.child.kill('SIGKILL');
      standIn.behaveImages('b64');
    }

    const second = startServer();
    try {
      await waitForHealth(second);
      // PGlite's data is intact: the person signs in with the same password, their session still works,
      // and what was written before the crash is there.
      const again = await api('POST', '/api/auth/sign-in/email', undefined, { email, password });
      expect(again.status).toBe(200);
      expect((await api('GET', '/api/me', cookie)).status).toBe(200);
      expect(await recentIds(cookie)).toEqual([earlierMemory]);
      const tickets = (await (await api('GET', '/api/support/tickets', cookie)).json()) as { items: { subject: string }[] };
      expect(tickets.items.map((t) => t.subject)).toEqual(['Before the crash']);

      // No reserved slot is left: only the memory that was made counts today.
      expect(await generationInfo(cookie)).toEqual({ remaining: 1, limit: 2, canGenerate: true });
      // No stray file: only the earlier memory's image and its thumbnail are stored.
      const folder = path.join(dataDir, 'files', 'memories', userId);
      expect(existsSync(folder) ? readdirSync(folder) : []).toHaveLength(2);
      expect(second.output()).toContain('generations interrupted by a stopped process');

      // The same attempt, tried again, makes today's second memory; then the day is full.
      const retried = await generate(cookie, key);
      expect(retried.status, await retried.clone().text()).toBe(201);
      expect(await recentIds(cookie)).toHaveLength(2);
      expect(await generationInfo(cookie)).toEqual({ remaining: 0, limit: 2, canGenerate: false });
      expect(readdirSync(folder)).toHaveLength(4);
    } finally {
      second.child.kill('SIGTERM');
    }
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
