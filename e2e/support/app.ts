// Starts the built server (dist/server/main.js) the way `npm start` does, on a free port with a fresh data folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SERVER_ENTRY } from './paths';

export interface AppOptions {
  /** Port of an SMTP server (see startMailbox); without it the app uses its outbox and needs no e-mail verification. */
  smtpPort?: number;
  mailFrom?: string;
  /** Extra or replacement environment variables for the server. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /**
   * A data folder to start from instead of an empty one: its database (already migrated) is copied into the app's
   * own folder, which the server then only has to open (see e2e/setup/global-setup.ts).
   */
  template?: string;
}

export interface RunningApp {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server wrote so far, for debugging failures. */
  logs(): string;
  /**
   * Stops the server, lets `between` work on its data folder (the embedded database is single-process),
   * then starts it again on the same address and data: sessions and cookies survive.
   */
  restart(between?: (dataDir: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

// Only what a process needs to run; the developer's own configuration (DATABASE_URL, SMTP_URL, keys…) must not leak in.
const PASSTHROUGH_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS'];

export async function startApp(opts: AppOptions = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'souvenir-e2e-'));
  if (opts.template) await cp(path.join(opts.template, 'db'), path.join(dataDir, 'db'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: Record<string, string> = {};
  for (const key of PASSTHROUGH_ENV) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '1000',
    BACKUP_TIME: 'off',
  });
  if (opts.smtpPort !== undefined) {
    env.SMTP_URL = `smtp://127.0.0.1:${opts.smtpPort}`;
    env.MAIL_FROM = opts.mailFrom ?? 'Souvenir <no-reply@souvenir.test>';
  }
  Object.assign(env, opts.env);

  let output = '';
  // A start takes a few seconds on a quiet machine; on a 2-core CI machine under load (two suites starting their
  // servers and browsers at once) one was seen to need more than 45 s. Waiting longer costs nothing when it works.
  const timeoutMs = opts.startTimeoutMs ?? 90_000;
  let server = await spawnServer(env, (text) => (output += text), timeoutMs);

  const app: RunningApp = {
    baseUrl,
    port,
    dataDir,
    logs: () => output,
    restart: async (between) => {
      await server.stop();
      await between?.(dataDir);
      server = await spawnServer(env, (text) => (output += text), timeoutMs);
    },
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

/** One server process, healthy when this resolves; its output goes to `log`. */
async function spawnServer(env: Record<string, string>, log: (text: string) => void, timeoutMs: number) {
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log(chunk.toString());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => stopProcess(child, exited);

  try {
    await waitForHealth(`http://${env.HOST}:${env.PORT}`, exited, timeoutMs);
  } catch (error) {
    await stop();
    await rm(env.DATA_DIR!, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output || '(none)'}`);
  }
  return { stop };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The server exited with code ${exitCode} before it was healthy.`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`GET ${baseUrl}/api/health did not answer 200 within ${timeoutMs} ms (last: ${last}).`);
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
  if (timedOut) {
    console.warn('[e2e] the server did not exit within 10 s of SIGTERM; killing it.');
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
