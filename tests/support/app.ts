import { Writable } from 'node:stream';
import { afterAll } from 'vitest';
import { buildApp, type App } from '@server/app';
import { loadConfig } from '@server/config';
import { testDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * The real application on the worker's test database, with configuration from `env` on top of
 * test defaults. Logs are captured (not printed) so tests can assert what they contain.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const config = loadConfig({
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: '/tmp/souvenir-test-unused',
    SERVE_WEB: 'false',
    RATE_LIMIT_AUTH_MAX: '1000',
    LOG_LEVEL: 'info',
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
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
  });
  return { app, config, db: database.db, logs };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
