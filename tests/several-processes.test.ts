import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeNotices } from '@server/db/change-notices';
import { openDatabase } from '@server/db/client';

// Two app processes on one PostgreSQL server, behind a proxy that hands requests to each in turn, as two
// processes behind Caddy are: what one knows, the other must know too. Runs in the PGlite pass of the
// integration tier (it starts its own processes on its own database); it needs the PostgreSQL server CI starts.
const adminUrl = process.env.TEST_DATABASE_URL;
const FIX = [
  'These tests start two app processes on a PostgreSQL server and need TEST_DATABASE_URL. To run them:',
  '  pg_ctlcluster 15 main start',
  `  runuser -u postgres -- psql -c "create role souvenir_test login createdb password 'souvenir_test'"`,
  '  TEST_DATABASE_URL=postgres://souvenir_test:souvenir_test@127.0.0.1:5432/postgres npm run test:integration',
].join('\n');

const AUTH_MAX = 4;
const databaseName = `souvenir_processes_${process.pid}_${randomBytes(3).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-processes-'));

interface Server {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Every line the process printed so far. */
  lines: () => string[];
}

function startServer(name: string, port: number, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), SERVE_WEB: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, child, exited, lines: () => output.split('\n') };
}

/** The JSON log lines of a process whose message is `msg`. */
const logsOf = (server: Server, msg: string) =>
  server
    .lines()
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; time: number })
    .filter((entry) => entry.msg === msg);

async function until<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, servers: Server[], timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what} never happened.\n${servers.map((s) => `--- ${s.name} ---\n${s.lines().slice(-40).join('\n')}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A proxy handing each request to the next process in turn, and remembering which one answered it. */
function startProxy(ports: number[]) {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((request, response) => {
    const port = ports[next % ports.length]!;
    next += 1;
    served.push(port);
    const upstream = http.request({ host: '127.0.0.1', port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  return new Promise<{ url: string; served: number[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, served, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

let servers: Server[] = [];
let proxy: Awaited<ReturnType<typeof startProxy>>;
let databaseUrl = '';

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!adminUrl) throw new Error(FIX);
  await adminQuery(`create database "${databaseName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // Stored pictures enough for a backup to take longer than the processes' checks are apart: without a claim,
  // the second process would find no archive yet and write its own.
  const artworks = path.join(dataDir, 'files', 'artworks');
  mkdirSync(artworks, { recursive: true });
  for (let i = 0; i < 24; i++) writeFileSync(path.join(artworks, `seed-${i}.png`), randomBytes(1024 * 1024));

  const ports = [await freePort(), await freePort()];
  proxy = await startProxy(ports);
  const env = {
    DATABASE_URL: databaseUrl,
    // One data folder for both, as two processes on one machine share it: the secrets made at the first start
    // are made once, whichever process starts first.
    DATA_DIR: dataDir,
    PUBLIC_URL: proxy.url,
    // The proxy says who the client is, as Caddy does.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'debug',
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    RATE_LIMIT_AUTH_WINDOW_SECONDS: '600',
    BACKUP_TIME: '00:00',
    BACKUP_CHECK_INTERVAL_SECONDS: '1',
    BILLING: 'off',
  };
  // Started at the same moment on an empty database: they take turns at the migrations.
  servers = ports.map((port, i) => startServer(`process ${i + 1}`, port, env));
  for (const server of servers) {
    await until(`${server.name} answering`, async () => (await fetch(`http://127.0.0.1:${server.port}/api/health`).catch(() => null))?.ok, servers);
  }
}, 300_000);

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGTERM');
  const codes = await Promise.all(servers.map((server) => server.exited));
  await proxy?.close();
  if (adminUrl) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
  expect(codes.every((code) => code === 0)).toBe(true);
}, 120_000);

/** A POST from the page's own origin; `client` is the address the proxy says it came from (X-Forwarded-For). */
const post = (url: string, body: unknown, client = '198.51.100.1') =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: proxy.url, 'x-forwarded-for': client }, body: JSON.stringify(body) });

describe('two processes behind one proxy', () => {
  it('keeps a sign-in made on one valid on the other', { timeout: 120_000 }, async () => {
    const email = `two-${randomBytes(4).toString('hex')}@example.test`;
    const signedUp = await post(`${proxy.url}/api/auth/sign-up/email`, { email, password: 'correct horse battery', name: 'Camille', defaultLanguage: 'en' });
    expect(signedUp.status).toBe(200);
    const signedIn = await post(`${proxy.url}/api/auth/sign-in/email`, { email, password: 'correct horse battery' });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('better-auth.session_token='))!.split(';')[0]!;
    // Asked of each process directly, not through the proxy.
    for (const server of servers) {
      const me = await fetch(`http://127.0.0.1:${server.port}/api/me`, { headers: { cookie } });
      expect(me.status, server.name).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    }
  });

  it('counts password guesses across both processes: the one after the limit is refused, wherever it lands', { timeout: 120_000 }, async () => {
    const email = `guess-${randomBytes(4).toString('hex')}@example.test`;
    // A client of its own, as the proxy names it: the sign-ins of the test above were another's.
    const client = '203.0.113.7';
    const from = proxy.served.length;
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_MAX; i++) statuses.push((await post(`${proxy.url}/api/auth/sign-in/email`, { email, password: `wrong guess ${i}` }, client)).status);
    // The guesses went to both processes in turn; each alone saw fewer than the limit.
    expect(new Set(proxy.served.slice(from)).size).toBe(2);
    expect(statuses.slice(0, AUTH_MAX).every((status) => status === 401)).toBe(true);
    expect(statuses[AUTH_MAX]).toBe(429);
    // And the refusal holds on each of them.
    for (const server of servers) {
      const direct = await post(`http://127.0.0.1:${server.port}/api/auth/sign-in/email`, { email, password: 'another guess' }, client);
      expect(direct.status, server.name).toBe(429);
    }
  });

  it('writes the day’s scheduled backup once, though both processes check for it every second', { timeout: 300_000 }, async () => {
    const written = await until('a scheduled backup', () => servers.flatMap((server) => logsOf(server, 'scheduled backup written'))[0], servers);
    // Each process has looked again since the archive was written, and left it to the one that wrote it.
    await until(
      'both processes checking after the backup',
      () => servers.every((server) => logsOf(server, 'scheduled backup already claimed').some((entry) => entry.time > written.time)),
      servers,
    );
    expect(servers.flatMap((server) => logsOf(server, 'scheduled backup written'))).toHaveLength(1);
    expect(readdirSync(path.join(dataDir, 'backups')).filter((name) => name.endsWith('.backup.gz'))).toHaveLength(1);
  });

  it('tells every process of a change made through another', { timeout: 60_000 }, async () => {
    const log = { warn() {} };
    const handles = await Promise.all([openDatabase({ kind: 'postgres', url: databaseUrl }), openDatabase({ kind: 'postgres', url: databaseUrl })]);
    const [here, there] = handles.map((handle) => createChangeNotices(handle, log));
    try {
      await Promise.all([here!.started(), there!.started()]);
      expect(there!.hearing()).toBe(true);
      const heard = { here: 0, there: 0 };
      const heardBy = (who: 'here' | 'there') =>
        new Promise<void>((resolve) =>
          (who === 'here' ? here! : there!).subscribe(() => {
            heard[who] += 1;
            resolve();
          }),
        );
      const thereHeard = heardBy('there');
      here!.publish();
      await thereHeard;
      // Then the other way: notices arrive in the order they were sent, so by the time this one is heard, the
      // first would have been too, had a process been told of its own change (it already dropped what it kept).
      const hereHeard = heardBy('here');
      there!.publish();
      await hereHeard;
      expect(heard).toEqual({ here: 1, there: 1 });
    } finally {
      await here!.close();
      await there!.close();
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
