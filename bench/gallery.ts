// Gallery and shared-page throughput over real HTTP on loopback (autocannon), for a person with 100 and with
// 100 000 memories, beside a bare JSON route of the same server for the ratio. Figures are printed, not asserted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { souvenirs } from '../src/server/db/schema/index';
import { benchUser } from './support';
import { seedDefaults } from '../src/server/db/seed';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 10;
const SIZES = [100, 100_000];

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  // autocannon reports p97.5 and p99; p95 is read from its histogram-backed percentiles when present.
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: latency.p50 ?? 0,
    p95: latency.p95 ?? latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors + result.non2xx,
  };
}

const row = (label: string, f: Figures, baseline?: Figures) =>
  `  ${label.padEnd(44)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p95 ${String(f.p95).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms  errors ${f.errors}` +
  (baseline ? `  (${((f.rps / baseline.rps) * 100).toFixed(0)} % of the bare route)` : '');

/** Inserts `count` memories for the user in one statement: one a day, going back, every fifth one liked. */
async function seedMemories(db: Awaited<ReturnType<typeof openDatabase>>['db'], userId: string, count: number) {
  await db.execute(sql`
    insert into ${souvenirs} (user_id, title, image_url, prompt, poetic_summary, liked, created_at)
    select ${userId}, 'Memory ' || n, '/files/memories/bench/' || md5(n::text) || '.png', 'A painting', 'A reflection.',
           n % 5 = 0, now() - (n || ' hours')::interval
      from generate_series(1, ${count}) as n`);
}

export async function benchGallery() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-bench-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await migrate(database);
    await seedDefaults(database.db);
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      database,
      authSecret: 'bench-secret-bench-secret-bench-secret-0',
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      console.log(`\nGallery over HTTP (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, client and server on this machine, in-memory PGlite)`);
      const bare = await load(`${base}/api/public-config`);
      console.log(row('bare JSON route (GET /api/public-config)', bare));

      await benchYearView(app, database.db, base);

      for (const size of SIZES) {
        const user = await benchUser(app, database.db);
        const { cookie } = user;
        const seeded = performance.now();
        await seedMemories(database.db, user.id, size);
        await database.db.execute(sql`analyze ${souvenirs}`);
        console.log(`  — a person with ${size.toLocaleString('en')} memories (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`);

        const year = new Date().getUTCFullYear();
        const pages = [
          ['gallery page 1', '/api/memories'],
          ['gallery page 5', '/api/memories?page=5'],
          ['gallery favourites page 1', '/api/memories?filter=favorites'],
          [`gallery ${year}, month 1, Europe/Paris`, `/api/memories?year=${year}&month=1&tz=Europe/Paris`],
          ['years (GET /api/memories/years)', '/api/memories/years?tz=Europe/Paris'],
        ] as const;
        for (const [label, url] of pages) console.log(row(label, await load(`${base}${url}`, { cookie }), bare));

        const token = randomBytes(32).toString('hex');
        await database.db.execute(sql`update ${souvenirs} set share_token = ${token} where id = (select id from ${souvenirs} where user_id = ${user.id} limit 1)`);
        console.log(row('public shared lookup (GET /api/shared/{token})', await load(`${base}/api/shared/${token}`), bare));
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The budget for the year view of a person who journaled every day for ten years. */
const YEAR_VIEW_BUDGET_MS = 100;
const YEAR_VIEW_MEMORIES = 3_650;

/**
 * The mood of a year for a person with 3 650 memories, one a day: each request alone, one after another (what one
 * person opening the view waits), then under load beside the others.
 */
async function benchYearView(app: Awaited<ReturnType<typeof buildApp>>, db: Awaited<ReturnType<typeof openDatabase>>['db'], base: string) {
  const user = await benchUser(app, db);
  await db.execute(sql`
    insert into ${souvenirs} (user_id, title, image_url, prompt, poetic_summary, created_at)
    select ${user.id}, 'Day ' || n, '/files/memories/bench/' || md5(n::text) || '.png', 'A painting', 'A reflection.',
           now() - (n || ' days')::interval
      from generate_series(0, ${YEAR_VIEW_MEMORIES - 1}) as n`);
  await db.execute(sql`analyze ${souvenirs}`);
  const year = new Date().getUTCFullYear() - 1;
  const url = `${base}/api/memories/year?year=${year}&tz=Europe/Paris`;
  const times: number[] = [];
  let days = 0;
  for (let i = 0; i < 60; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie: user.cookie } });
    const body = (await response.json()) as { days: unknown[] };
    if (i >= 10) times.push(performance.now() - started); // the first ones warm the statement and the cache
    days = body.days.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const verdict = at(0.95) < YEAR_VIEW_BUDGET_MS ? 'within' : 'OVER';
  console.log(`  — the mood of a year: ${YEAR_VIEW_MEMORIES.toLocaleString('en')} memories, ${year} has ${days} days`);
  console.log(`  year view, one request at a time            p50 ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  max ${at(1).toFixed(1)} ms  (${verdict} the ${YEAR_VIEW_BUDGET_MS} ms budget)`);
  console.log(row('year view under load (GET /api/memories/year)', await load(url, { cookie: user.cookie })));
}
