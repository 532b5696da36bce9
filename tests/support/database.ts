import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { seedDefaults } from '@server/db/seed';

// One database per test worker (a PGlite instance costs ~2 s and ~0.8 GB), reused by every file
// the worker runs; resetDatabase() empties it between files.
let handle: Promise<DatabaseHandle> | undefined;

async function create(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (see docs/testing.md)');
    const name = `souvenir_test_${inject('pgRunId')}_${process.env.VITEST_POOL_ID ?? process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ kind: 'postgres', url: url.toString() });
    await migrate(db);
    return db;
  }
  const db = await openDatabase({ kind: 'pglite-memory' });
  await migrate(db);
  return db;
}

export function testDatabase(): Promise<DatabaseHandle> {
  handle ??= create();
  return handle;
}

/** Empties every application table and seeds the default settings again. */
export async function resetDatabase(): Promise<DatabaseHandle> {
  const database = await testDatabase();
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as { tablename: string }[];
  const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
  if (tables) await database.db.execute(sql.raw(`truncate table ${tables} restart identity cascade`));
  await seedDefaults(database.db);
  return database;
}
