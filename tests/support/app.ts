import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, onTestFinished } from 'vitest';
import { buildApp, type App, type AppDependencies } from '@server/app';
import { loadConfig } from '@server/config';
import { testDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The real application on the worker's test database, with configuration from `env` on top of
 * test defaults. Logs are captured (not printed) so tests can assert what they contain. Files go to
 * a fresh temporary data folder (removed afterwards) unless `env.DATA_DIR` names one; `deps` replaces
 * providers (a storage that fails on purpose, say).
 */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDependencies, 'storage'> = {}) {
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), 'souvenir-test-'));
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: ownDataDir ?? env.DATA_DIR,
    SERVE_WEB: 'false',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_UPLOAD_MAX: '1000',
    LOG_LEVEL: 'info',
    // Automatic backups would write into the data folder while tests compare it: tests/backup.test.ts
    // runs them on purpose.
    BACKUP_TIME: 'off',
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const database = await testDatabase();
  const app: App = await buildApp({
    config,
    database,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    logStream: stream,
    ...deps,
  });
  await app.ready();
  const cleanUp = async () => {
    await app.close();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  // An app made inside a test ends with that test; one made for the whole file, after its last test.
  try {
    onTestFinished(cleanUp);
  } catch {
    afterAll(cleanUp);
  }
  return { app, config, db: database.db, logs, dataDir: config.dataDir };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
