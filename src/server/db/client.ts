import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers share the PostgreSQL dialect; code is written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * A PostgreSQL server only: its pool (for a connection held for a while, as a lock needs) and its address
   * (for a connection of its own, as listening for notifications needs).
   */
  server?: { pool: pg.Pool; url: string };
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In-memory PGlite, for tests. */
  | { kind: 'pglite-memory' };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return { db, driver: 'postgres', ping: () => ping(db), close: () => pool.end(), server: { pool, url: target.url } };
  }

  let release = () => {};
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    // PGlite is single-process: a second server on the same folder would corrupt it.
    release = acquireDataDirLock(dir);
    try {
      client = await PGlite.create(dir);
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
