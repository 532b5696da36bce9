import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';

/** The generated migrations live in src/server/db/migrations, found from the source or the bundled server. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'src/server/db/migrations');
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json) to locate migrations');
    dir = parent;
  }
}

/** Any number that no other lock of ours uses: the migrations' turn on a shared server. */
const MIGRATION_LOCK = 0x50757665;

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.driver === 'pglite' || !handle.server) {
    if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
    else await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
    return;
  }
  // Processes started together on one server take turns: the second finds the migrations applied and does
  // nothing, instead of creating the same tables at the same moment and failing to start.
  const client = await handle.server.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg(client) as unknown as NodePgDatabase, config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
