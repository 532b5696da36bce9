import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
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

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
}
