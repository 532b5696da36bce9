// Runs once before the browser tier. A missing browser or build fails loudly: this tier never skips itself.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedDefaults } from '../../src/server/db/seed';
import { CHROMIUM_PATH, ROOT, SERVER_ENTRY, WEB_INDEX } from '../support/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose database is migrated and seeded, copied by every app the files start (see support/app.ts). */
    e2eDataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  const missing = [SERVER_ENTRY, WEB_INDEX].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `The browser tests run the built app, but ${missing.map((f) => path.relative(ROOT, f)).join(' and ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} missing: run npm run build (npm run test:e2e builds first).`,
    );
  }
  // A stale build is not an error (npm run test:e2e always rebuilds), but it explains confusing failures.
  const built = Math.min(statSync(SERVER_ENTRY).mtimeMs, statSync(WEB_INDEX).mtimeMs);
  if (newestMtime(path.join(ROOT, 'src')) > built) {
    console.warn('[e2e] dist/ is older than src/: testing the last build. Run npm run build (or npm run test:e2e).');
  }

  // Every app starts on a fresh data folder; migrating an empty database there took half of each start (4 to 8 s
  // on a busy two-core machine, for every file). It is done once here, by the same two steps the server takes
  // first on an empty folder, and each app starts on a copy: its server then finds nothing to migrate.
  const template = await mkdtemp(path.join(os.tmpdir(), 'souvenir-e2e-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: template });
  try {
    await migrate(database);
    await seedDefaults(database.db);
  } finally {
    await database.close();
  }
  project.provide('e2eDataTemplate', template);
  return () => rm(template, { recursive: true, force: true });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}
