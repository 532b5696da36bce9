// `npm run bench:load`: the built server (dist/server/main.js, as `npm start` runs it) under 200 concurrent
// connections on loopback, over the mix a day of use makes: home, gallery page, memory detail, shared page and a
// chat reply from the offline companion. Each database is measured twice:
//   - paced: 200 connections sending BENCH_LOAD_RATE requests a second in all (people reading, not robots), so
//     the latencies are the server's service time plus whatever queueing that rate causes;
//   - saturated: the same 200 connections sending as fast as answers come back, so the throughput is the
//     capacity and the latencies are mostly time spent waiting in line (200 ÷ throughput).
// Figures are printed, never asserted. Loopback only; bounded by BENCH_LOAD_DURATION_S per phase.
//
//   npm run build && npm run bench:load                       PGlite, plus PostgreSQL when BENCH_DATABASE_URL or
//                                                             TEST_DATABASE_URL names an account that may create databases
//   BENCH_LOAD_DURATION_S=20 BENCH_LOAD_RATE=300 npm run bench:load -- pglite
//   npm run bench:load -- public                               the anonymous public pages beside /api/health only
//                                                             (10 connections, BENCH_PUBLIC_DURATION_S each, 10 s)
//   npm run bench:load -- processes                            PostgreSQL only: the saturated phase on one process,
//                                                             then on two sharing the database and the data folder
//                                                             (each connection kept to one of them, half each); also
//                                                             run after the PostgreSQL figures when nothing is named
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { SERVER_ENTRY } from '../e2e/support/paths';
import { startApp, type RunningApp } from '../e2e/support/app';
import { openDatabase, type Database, type DatabaseHandle } from '../src/server/db/client';
import { profiles, souvenirs, users } from '../src/server/db/schema/index';

const DURATION_S = Number(process.env.BENCH_LOAD_DURATION_S ?? 60);
const CONNECTIONS = 200;
// 200 people each asking something every two seconds.
const PACED_RATE = Number(process.env.BENCH_LOAD_RATE ?? 100);
const PEOPLE = 40;
const MEMORIES_EACH = 60;

interface Person {
  email: string;
  password: string;
  cookie: string;
  memoryIds: string[];
  shareToken: string;
}

/** One line of the mix: its share of the 200 connections, and the requests a connection repeats. */
interface Scenario {
  name: string;
  connections: number;
  request: (person: Person) => { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> };
}

function scenarios(base: string): Scenario[] {
  const tz = encodeURIComponent('Europe/Paris');
  const json = { 'content-type': 'application/json', origin: base };
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  return [
    // Home asks for the person, today's status and the recent memories; one of the three each time.
    {
      name: 'home (me, chat status, recent memories)',
      connections: 50,
      request: () => ({ method: 'GET', path: pick(['/api/me', '/api/chat/status?language=en', '/api/memories/recent']) }),
    },
    {
      name: 'gallery page (GET /api/memories)',
      connections: 60,
      request: () => ({ method: 'GET', path: `/api/memories?filter=all&page=${pick([1, 1, 1, 2, 3])}&tz=${tz}` }),
    },
    { name: 'memory detail (GET /api/memories/:id)', connections: 40, request: (p) => ({ method: 'GET', path: `/api/memories/${pick(p.memoryIds)}` }) },
    { name: 'shared page (GET /api/shared/:token)', connections: 40, request: (p) => ({ method: 'GET', path: `/api/shared/${p.shareToken}` }) },
    {
      name: 'chat reply (POST /api/chat/reply, offline)',
      connections: 10,
      request: () => ({
        method: 'POST',
        path: '/api/chat/reply',
        headers: json,
        body: JSON.stringify({
          conversationId: randomUUID(),
          language: 'en',
          messages: [
            { role: 'assistant', content: 'How was your day?' },
            { role: 'user', content: pick(['I walked by the sea, I felt calm.', 'Long day at work, I am tired.', 'We laughed a lot tonight.']) },
          ],
        }),
      }),
    },
  ];
}

interface Figures {
  rps: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** What the errors were, when there were any. */
  detail?: string;
}

async function run(base: string, people: Person[], scenario: Scenario, duration = DURATION_S): Promise<Figures> {
  let turn = 0;
  const result = await autocannon({
    url: base,
    connections: scenario.connections,
    duration,
    requests: [
      {
        setupRequest: (req) => {
          const person = people[turn++ % people.length]!;
          const { headers, ...request } = scenario.request(person);
          return { ...req, ...request, headers: { ...req.headers, ...headers, cookie: person.cookie } };
        },
      },
    ],
  });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: latency.p50 ?? 0,
    // autocannon's summary has p90 and p97.5, not p95: the closer, stricter one is shown.
    p95: latency.p95 ?? latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors + result.non2xx,
    detail: `${result.timeouts} timeouts, ${result.errors - result.timeouts} other failures, ${result.non2xx} non-2xx`,
  };
}

const row = (label: string, f: Figures) =>
  `  ${label.padEnd(42)} ${f.rps.toFixed(0).padStart(5)} req/s  p50 ${String(f.p50).padStart(4)} ms  p95 ${String(f.p95).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  errors ${f.errors}` +
  (f.errors && f.detail ? ` (${f.detail})` : '');

/**
 * The paced phase: each of the 200 connections is one person's own keep-alive connection, asking at random moments
 * (a Poisson process of rate BENCH_LOAD_RATE ÷ 200), so people never ask in step. A latency runs from the moment
 * the request was due, so a server that falls behind shows it (no coordinated omission).
 */
async function pacedPhase(base: string, people: Person[]): Promise<Figures[]> {
  const mix = scenarios(base);
  const url = new URL(base);
  const perConnection = PACED_RATE / CONNECTIONS;
  const end = performance.now() + DURATION_S * 1000;
  let turn = 0;
  const connection = async (scenario: Scenario, latencies: number[], errors: { count: number }) => {
    const person = people[turn++ % people.length]!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let due = performance.now() + -Math.log(1 - Math.random()) / perConnection * 1000;
    while (due < end) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { method, path, body, headers } = scenario.request(person);
      const status = await new Promise<number>((resolve) => {
        const request = http.request({ host: url.hostname, port: url.port, method, path, agent, headers: { ...headers, cookie: person.cookie } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', () => resolve(0));
        });
        request.on('error', () => resolve(0));
        request.end(body);
      });
      latencies.push(performance.now() - due);
      if (status < 200 || status >= 300) errors.count++;
      due += -Math.log(1 - Math.random()) / perConnection * 1000;
    }
    agent.destroy();
  };
  const results = await Promise.all(
    mix.map(async (scenario) => {
      const latencies: number[] = [];
      const errors = { count: 0 };
      await Promise.all(Array.from({ length: scenario.connections }, () => connection(scenario, latencies, errors)));
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
      return { rps: latencies.length / DURATION_S, requests: latencies.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: errors.count };
    }),
  );
  print(`paced: ${CONNECTIONS} connections, one per person, asking ${PACED_RATE} req/s in all at random moments, ${DURATION_S} s`, mix, results);
  return results;
}

/** The saturated phase: autocannon's closed loop, each connection asking again as soon as it is answered. */
async function saturatedPhase(base: string, people: Person[]): Promise<Figures[]> {
  const mix = scenarios(base);
  const results = await Promise.all(mix.map((s) => run(base, people, s)));
  print(`saturated: ${CONNECTIONS} connections, each asking again as soon as answered, ${DURATION_S} s`, mix, results);
  return results;
}

function print(title: string, mix: Scenario[], results: Figures[]) {
  console.log(`\n  ${title}`);
  mix.forEach((s, i) => console.log(row(`${s.name} ×${s.connections}`, results[i]!)));
  const total = results.reduce((sum, f) => sum + f.rps, 0);
  const errors = results.reduce((sum, f) => sum + f.errors, 0);
  console.log(`  ${'all'.padEnd(42)} ${total.toFixed(0).padStart(5)} req/s  errors ${errors}`);
}

const PUBLIC_DURATION_S = Number(process.env.BENCH_PUBLIC_DURATION_S ?? 10);
const PUBLIC_CONNECTIONS = 10;

/**
 * What anonymous visitors read, one page at a time with 10 connections, beside `/api/health` (the cheapest answer
 * the server gives): each public page should reach at least half its throughput. The pages are asked as a browser
 * asks them (Brotli or gzip accepted, English), with no cookie.
 */
async function publicPagesPhase(base: string, people: Person[]) {
  const pages = ['/api/health', '/', '/auth', '/community', '/privacy-policy', `/shared/${people[0]!.shareToken}`];
  const headers = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en', accept: 'text/html' };
  console.log(`\n  public pages, anonymous: ${PUBLIC_CONNECTIONS} connections, ${PUBLIC_DURATION_S} s each`);
  let health = 0;
  for (const path of pages) {
    const result = await autocannon({ url: `${base}${path}`, connections: PUBLIC_CONNECTIONS, duration: PUBLIC_DURATION_S, headers });
    const latency = result.latency as unknown as Record<string, number>;
    const rps = result.requests.average;
    if (path === '/api/health') health = rps;
    const share = health ? ` ${((rps / health) * 100).toFixed(0).padStart(3)} % of health${rps >= health / 2 ? '' : '  BELOW 50 %'}` : '';
    const label = path.startsWith('/shared/') ? '/shared/<token>' : path;
    console.log(
      `  ${label.padEnd(20)} ${rps.toFixed(0).padStart(5)} req/s  p50 ${String(latency.p50 ?? 0).padStart(4)} ms  p95 ${String(latency.p95 ?? latency.p97_5 ?? 0).padStart(4)} ms  errors ${result.errors + result.non2xx}${path === '/api/health' ? '' : share}`,
    );
  }
}

/** Each line of the mix answered once with success before the load, so errors under load mean load. */
async function checkMix(base: string, people: Person[]) {
  for (const scenario of scenarios(base)) {
    const person = people[0]!;
    const { method, path, body, headers } = scenario.request(person);
    const response = await fetch(`${base}${path}`, { method, body, headers: { ...headers, cookie: person.cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${scenario.name}: ${method} ${path} answered ${response.status} before any load`);
  }
}

async function signUp(app: RunningApp, email: string, password: string) {
  const response = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email, password, name: 'Bench', defaultLanguage: 'en' }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
}

async function signIn(app: RunningApp, email: string, password: string): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/** Memories as the generation stores them (rows only: the mix reads JSON, not images), one shared per person. */
async function seedPeople(db: Database, emails: string[]): Promise<Seeded> {
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  await db.update(profiles).set({ freeAccess: true }).where(inArray(profiles.id, rows.map((r) => r.id)));
  const seeded: Seeded = new Map();
  for (const { id, email } of rows) {
    await db.execute(sql`
      insert into ${souvenirs} (user_id, title, image_url, prompt, poetic_summary, liked, created_at)
      select ${id}, 'Memory ' || n, '/files/memories/bench/' || md5(${id} || n::text) || '.png', 'A painting',
             'A reflection on the day. The light stayed.', n % 5 = 0, now() - (n || ' days')::interval
        from generate_series(1, ${MEMORIES_EACH}) as n`);
    const memories = await db.select({ id: souvenirs.id }).from(souvenirs).where(eq(souvenirs.userId, id));
    const shareToken = randomBytes(32).toString('hex');
    await db.update(souvenirs).set({ shareToken }).where(eq(souvenirs.id, memories[0]!.id));
    seeded.set(email, { memoryIds: memories.map((m) => m.id), shareToken });
  }
  await db.execute(sql`analyze`);
  return seeded;
}

type Seeded = Map<string, { memoryIds: string[]; shareToken: string }>;

/** PEOPLE accounts signed up through `app`, their memories put in by `seed`, each then signed in. */
async function preparePeople(app: RunningApp, seed: (emails: string[]) => Promise<Seeded>): Promise<Person[]> {
  const accounts = Array.from({ length: PEOPLE }, (_, i) => ({ email: `load-${i}-${randomBytes(4).toString('hex')}@example.test`, password: `pw-${randomBytes(8).toString('hex')}` }));
  for (const a of accounts) await signUp(app, a.email, a.password);
  const seeded = await seed(accounts.map((a) => a.email));
  const people: Person[] = [];
  for (const a of accounts) people.push({ ...a, cookie: await signIn(app, a.email, a.password), ...seeded.get(a.email)! });
  return people;
}

async function benchDatabase(label: string, env: Record<string, string>, open: (dataDir: string) => Promise<DatabaseHandle>, publicOnly = false) {
  const app = await startApp({
    env: { ...env, LOG_LEVEL: 'warn', RATE_LIMIT_CHAT_MAX: '1000000', CHAT_OFFLINE_DELAY_MS: '15' },
    startTimeoutMs: 90_000,
  });
  try {
    const people = await preparePeople(app, async (emails) => {
      let seeded: Seeded = new Map();
      // The embedded database belongs to one process: the server stops while the rows go in.
      await app.restart(async (dataDir) => {
        const handle = await open(dataDir);
        try {
          seeded = await seedPeople(handle.db, emails);
        } finally {
          await handle.close();
        }
      });
      return seeded;
    });

    await checkMix(app.baseUrl, people);
    console.log(`\n${label}: ${PEOPLE} people × ${MEMORIES_EACH} memories, server ${app.baseUrl}`);
    if (publicOnly) {
      await publicPagesPhase(app.baseUrl, people);
      return;
    }
    // A short warm-up, so the first phase does not pay for cold caches and JIT.
    await run(app.baseUrl, people, scenarios(app.baseUrl)[1]!, 5);
    await pacedPhase(app.baseUrl, people);
    await saturatedPhase(app.baseUrl, people);
    await publicPagesPhase(app.baseUrl, people);
  } finally {
    await app.stop();
  }
}

/**
 * The saturated phase on one process, then on two serving the same database and data folder, the connections of each
 * line split between them as a load balancer would. The client has no proxy of its own in between: on two cores a
 * proxy in the client's process would be what is measured. Client and both servers share the machine.
 */
async function benchTwoProcesses(url: string) {
  const env = { DATABASE_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_CHAT_MAX: '1000000', CHAT_OFFLINE_DELAY_MS: '15' };
  const first = await startApp({ env, startTimeoutMs: 90_000 });
  let second: RunningApp | null = null;
  try {
    const people = await preparePeople(first, async (emails) => {
      const handle = await openDatabase({ kind: 'postgres', url });
      try {
        return await seedPeople(handle.db, emails);
      } finally {
        await handle.close();
      }
    });
    await checkMix(first.baseUrl, people);
    console.log(`\nPostgreSQL server, one process then two: ${PEOPLE} people × ${MEMORIES_EACH} memories`);
    await run(first.baseUrl, people, scenarios(first.baseUrl)[1]!, 5);
    const one = await saturatedPhase(first.baseUrl, people);

    // The second process shares the first one's data folder (its secrets) and public address: a page of the first
    // address may write through either.
    second = await startApp({ env: { ...env, DATA_DIR: first.dataDir, PUBLIC_URL: first.baseUrl }, startTimeoutMs: 90_000 });
    const bases = [first.baseUrl, second.baseUrl];
    const mix = scenarios(first.baseUrl);
    await run(second.baseUrl, people, mix[1]!, 5);
    const halves = await Promise.all(mix.flatMap((scenario) => bases.map((base) => run(base, people, { ...scenario, connections: Math.ceil(scenario.connections / 2) }))));
    const two = mix.map((_, i): Figures => {
      const [a, b] = [halves[2 * i]!, halves[2 * i + 1]!];
      return {
        rps: a.rps + b.rps,
        requests: a.requests + b.requests,
        p50: Math.max(a.p50, b.p50),
        p95: Math.max(a.p95, b.p95),
        p99: Math.max(a.p99, b.p99),
        errors: a.errors + b.errors,
        detail: `first: ${a.detail ?? ''}; second: ${b.detail ?? ''}`,
      };
    });
    print(`saturated on two processes: the same ${CONNECTIONS} connections, half on each, ${DURATION_S} s (latencies: the slower process's)`, mix, two);
    const total = (figures: Figures[]) => figures.reduce((sum, f) => sum + f.rps, 0);
    console.log(`
  throughput: one process ${total(one).toFixed(0)} req/s, two processes ${total(two).toFixed(0)} req/s (${((total(two) / total(one)) * 100).toFixed(0)} %)`);
  } finally {
    await second?.stop();
    await first.stop();
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped afterwards. */
async function withPostgresDatabase(adminUrl: string, work: (url: string) => Promise<void>) {
  const name = `souvenir_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

if (!existsSync(SERVER_ENTRY)) {
  console.error(`No built server at ${SERVER_ENTRY}: run "npm run build" first.`);
  process.exit(1);
}
if (DURATION_S > 300) {
  console.error('BENCH_LOAD_DURATION_S is at most 300 (the benchmark is bounded in time).');
  process.exit(1);
}

const only = process.argv[2];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
console.log(`Souvenir load benchmark — Node ${process.version}, ${os.cpus().length} CPU(s), client and server on this machine (loopback)`);
console.log('Mix per phase: home 50, gallery 60, memory detail 40, shared page 40, chat reply 10 connections (200).');

if (only === 'public') {
  await benchDatabase('Embedded PGlite (DATA_DIR on disk), public pages only', {}, (dataDir) => openDatabase({ kind: 'pglite', dataDir }), true);
}
if (!only || only === 'pglite') {
  await benchDatabase('Embedded PGlite (DATA_DIR on disk)', {}, (dataDir) => openDatabase({ kind: 'pglite', dataDir }));
}
if (!only || only === 'postgres' || only === 'processes') {
  if (!pgUrl) {
    console.log('\nPostgreSQL: skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an account that may create databases, e.g.');
    console.log('  BENCH_DATABASE_URL=postgres://souvenir_test:souvenir_test@127.0.0.1:5432/postgres npm run bench:load');
    if (only) process.exit(1);
  } else {
    if (only !== 'processes') {
      await withPostgresDatabase(pgUrl, (url) =>
        benchDatabase('PostgreSQL server (DATABASE_URL)', { DATABASE_URL: url }, () => openDatabase({ kind: 'postgres', url })),
      );
    }
    await withPostgresDatabase(pgUrl, (url) => benchTwoProcesses(url));
  }
}
