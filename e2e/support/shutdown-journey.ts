// A journey's worth of traffic left in flight, then SIGTERM: what a stop must end, whatever state it finds the
// server in. Shared by the browser tier's shutdown test (one run) and `npm run bench -- shutdown` (many runs).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SERVER_ENTRY } from './paths';

const json = (base: string, cookie?: string) => ({ 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) });

async function signUp(base: string): Promise<string> {
  const email = `stop-${randomUUID()}@example.test`;
  const password = `pw-${randomUUID()}`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json(base),
    body: JSON.stringify({ email, password, name: 'Stop', defaultLanguage: 'en' }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: json(base), body: JSON.stringify({ email, password }) });
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return cookie.split(';')[0]!;
}

const conversation = (words: string) => [
  { role: 'assistant' as const, content: 'How was your day?' },
  { role: 'user' as const, content: `${words} We walked by the sea and I felt calm.` },
  { role: 'assistant' as const, content: 'What did the sea make you feel?' },
  { role: 'user' as const, content: 'Quiet, and a little tired, in a good way.' },
];

/** A request whose answer is left arriving: resolves once its head is in, the body still streaming. */
function openRequest(base: string, agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: string) {
  const url = new URL(base);
  return new Promise<{ status: number; ended: Promise<void> }>((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, agent, headers }, (response) => {
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('error', () => done());
      });
      response.resume();
      resolve({ status: response.statusCode ?? 0, ended });
    });
    request.on('error', reject);
    request.end(body);
  });
}

export interface InFlight {
  /** What was still open when the stop began, for the report. */
  open: string[];
  /** Ends what the client side still holds (after the server has gone). */
  release(): void;
}

/**
 * Signs someone up, reads the public and signed-in pages over keep-alive sockets (left idle and open), opens chat
 * reply streams and leaves them streaming, starts a memory's generation, and leaves a request half sent.
 */
async function leaveJourneyInFlight(base: string): Promise<InFlight> {
  const cookie = await signUp(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const pages = ['/', '/auth', '/community', '/privacy-policy', '/home', '/home/memories', '/api/me', '/api/health'];
  await Promise.all(
    pages.map(async (path) => {
      const { status, ended } = await openRequest(base, agent, 'GET', path, { cookie, 'accept-language': 'fr' });
      if (status >= 500) throw new Error(`${path} answered ${status}`);
      await ended;
    }),
  );
  const streams = await Promise.all(
    [0, 1, 2].map(() =>
      openRequest(
        base,
        agent,
        'POST',
        '/api/chat/reply',
        json(base, cookie),
        JSON.stringify({ conversationId: randomUUID(), language: 'en', messages: conversation('A long day.') }),
      ),
    ),
  );
  for (const { status } of streams) if (status !== 200) throw new Error(`a chat stream answered ${status}`);
  // The generation is left running: its answer comes after the stop began, or never.
  const generation = http.request(`${base}/api/generations`, {
    method: 'POST',
    agent,
    headers: { ...json(base, cookie), 'idempotency-key': randomUUID() },
  });
  generation.on('error', () => {});
  generation.on('response', (response) => response.resume());
  generation.end(JSON.stringify({ conversationId: randomUUID(), language: 'en', messages: conversation('Made a memory.') }));
  // A client that sent half its request head and went quiet.
  const url = new URL(base);
  const half = net.connect(Number(url.port), url.hostname);
  half.on('error', () => {});
  await new Promise((resolve) => half.once('connect', resolve));
  half.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
  return {
    open: ['3 chat streams', '1 generation', `${Object.values(agent.freeSockets).flat().length} idle keep-alive sockets`, '1 half-sent request'],
    release: () => {
      agent.destroy();
      half.destroy();
      generation.destroy();
    },
  };
}

export interface StopResult {
  /** The exit code, or null when the process had to be killed. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From SIGTERM to the exit. */
  ms: number;
  open: string[];
  logs: string;
}

/**
 * Starts the built server on a fresh data folder, leaves a journey in flight, sends SIGTERM and waits up to
 * `waitMs` for it to exit; past that it is killed (code null), so a hang is reported, never waited on for ever.
 */
export async function stopDuringJourney(opts: {
  waitMs: number;
  env?: Record<string, string>;
  entry?: string;
  /**
   * Whoever started the server stops reading its output once it is up (a test runner that has what it wanted): the
   * pipe fills with request logs before the journey.
   */
  unreadLogs?: boolean;
}): Promise<StopResult> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'souvenir-stop-'));
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: os.tmpdir() };
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'info',
    RATE_LIMIT_AUTH_MAX: '1000',
    BACKUP_TIME: 'off',
    // The built-in companion writes slowly enough that its streams are still open when the stop begins.
    CHAT_OFFLINE_DELAY_MS: '1000',
    ...opts.env,
  });
  let logs = '';
  const child = spawn(process.execPath, ['--enable-source-maps', opts.entry ?? SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let inFlight: InFlight | null = null;
  try {
    await waitForHealth(base, 90_000);
    if (opts.unreadLogs) await fillUnreadPipe(child, base);
    inFlight = await leaveJourneyInFlight(base);
    const started = performance.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.waitMs);
    const { code, signal } = await exited;
    clearTimeout(timer);
    return { code: signal === 'SIGKILL' ? null : code, signal, ms: Math.round(performance.now() - started), open: inFlight.open, logs };
  } finally {
    inFlight?.release();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Two log lines a request: 600 requests are more than the pipe and this side's buffer hold together. */
async function fillUnreadPipe(child: ChildProcess, base: string) {
  child.stdout!.removeAllListeners('data');
  child.stdout!.pause();
  for (let i = 0; i < 600; i++) {
    const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
    if (response.status !== 200) throw new Error(`/api/health answered ${response.status} with its logs unread`);
  }
}

async function waitForHealth(base: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base} was not healthy within ${timeoutMs} ms`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
