// Two app processes on one PostgreSQL server, each keeping its own public pages (decision 0106): a change answered
// by one clears what the other kept, and a process that cannot hear the others serves nothing it kept. The apps run
// in this process with the built server render (dist/), each with its own connections, as two processes have. Needs
// the PostgreSQL server of TEST_DATABASE_URL, as the integration tier's second pass does; it never skips.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { seedDefaults } from '@server/db/seed';
import { ORIGIN, personWithMemory } from './support/in-process-app';

const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `souvenir_pages_${process.pid}_${randomBytes(3).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-pages-'));
const processes: Array<{ app: App; database: DatabaseHandle }> = [];

async function adminQuery(text: string, url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!adminUrl) {
    throw new Error(
      'These tests need a PostgreSQL server: pg_ctlcluster 15 main start, then ' +
        'TEST_DATABASE_URL=postgres://souvenir_test:souvenir_test@127.0.0.1:5432/postgres npm run test:e2e (see docs/testing.md)',
    );
  }
  await adminQuery(`create database "${databaseName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const config = loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, DATABASE_URL: url.toString(), RATE_LIMIT_AUTH_MAX: '1000', LOG_LEVEL: 'warn', BACKUP_TIME: 'off' });
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    if (i === 0) {
      await migrate(database);
      await seedDefaults(database.db);
    }
    const app = await buildApp({ config, database, authSecret: 'test-secret-test-secret-test-secret-0123' });
    await app.ready();
    processes.push({ app, database });
  }
}, 120_000);

afterAll(async () => {
  for (const { app, database } of processes) {
    await app.close();
    await database.close();
  }
  if (adminUrl) await adminQuery(`drop database if exists "${databaseName}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

const anonymous = (app: App, url: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });

/** Asks `app` for `url` until `done` holds for its answer (bounded by the test's timeout). */
async function askUntil(app: App, url: string, done: (answer: Awaited<ReturnType<typeof anonymous>>) => boolean) {
  for (;;) {
    const answer = await anonymous(app, url);
    if (done(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('public pages kept by two processes', () => {
  it('forgets on one process a shared link revoked through the other', { timeout: 60_000 }, async () => {
    const [one, two] = processes.map((p) => p.app) as [App, App];
    const owner = await personWithMemory({ ...processes[0]!, logs: [], close: async () => {} }, 'owner');
    const shared = await one.inject({ method: 'POST', url: `/api/memories/${owner.memoryId}/share`, headers: { cookie: owner.cookie, origin: ORIGIN } });
    expect(shared.statusCode, shared.body).toBe(200);
    const token = /[0-9a-f]{32,}/.exec(shared.body)![0];

    // Kept by the second process: the same validator twice.
    const first = await anonymous(two, `/shared/${token}`);
    expect(first.body).toContain(owner.title);
    expect((await anonymous(two, `/shared/${token}`)).headers.etag).toBe(first.headers.etag);

    const revoked = await one.inject({ method: 'DELETE', url: `/api/memories/${owner.memoryId}/share`, headers: { cookie: owner.cookie, origin: ORIGIN } });
    expect(revoked.statusCode).toBe(204);
    const after = await askUntil(two, `/shared/${token}`, (answer) => !answer.body.includes(owner.title));
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('serves no kept page while it cannot hear the others, and keeps pages again once it can', { timeout: 60_000 }, async () => {
    const two = processes[1]!.app;
    await askUntil(two, '/privacy-policy', (answer) => answer.headers.etag !== undefined);
    // The listening connections are cut, as a database restart would.
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'souvenir-changes' and datname = '${databaseName}'`);
    const deaf = await askUntil(two, '/privacy-policy', (answer) => answer.headers.etag === undefined);
    expect(deaf.statusCode).toBe(200);
    expect(deaf.headers['cache-control']).toBe('no-cache');
    // It listens again by itself.
    await askUntil(two, '/privacy-policy', (answer) => answer.headers.etag !== undefined);
  });
});
