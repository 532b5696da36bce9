// The real app in this process on an in-memory PGlite, serving the built web app and its server render (dist/):
// for tests of the page drawing itself, which need neither a browser nor a server process. Logs are captured.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { TIME_ZONE_COOKIE } from '@shared/limits';
import { buildApp, type App } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { souvenirs, users } from '@server/db/schema/index';
import { seedDefaults } from '@server/db/seed';

export const ORIGIN = 'http://localhost:3000';

export interface InProcessApp {
  app: App;
  database: DatabaseHandle;
  logs: string[];
  close(): Promise<void>;
}

/** `beforeReady` may add hooks (a read that hangs on purpose) before the app is ready. */
export async function startInProcessApp(beforeReady?: (app: App) => void): Promise<InProcessApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-in-process-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  await migrate(database);
  await seedDefaults(database.db);
  const config = loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, RATE_LIMIT_AUTH_MAX: '1000', LOG_LEVEL: 'info', BACKUP_TIME: 'off' });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({ config, database, authSecret: 'test-secret-test-secret-test-secret-0123', logStream });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Person {
  email: string;
  /** The session cookie and the browser's time zone, as a signed-in page is asked for. */
  cookie: string;
  memoryId: string;
  title: string;
}

/** Someone signed up and in, with one memory of their own whose title nobody else has. */
export async function personWithMemory({ app, database }: InProcessApp, label: string): Promise<Person> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const headers = { 'content-type': 'application/json', origin: ORIGIN };
  const up = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload: { email, password, name: label, defaultLanguage: 'en' } });
  if (up.statusCode !== 200) throw new Error(`sign-up answered ${up.statusCode}: ${up.body}`);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password } });
  const session = [signIn.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='));
  if (!session) throw new Error(`sign-in answered ${signIn.statusCode}: ${signIn.body}`);
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const title = `Evening of ${label} ${randomBytes(4).toString('hex')}`;
  const [memory] = await database.db
    .insert(souvenirs)
    .values({ userId: user!.id, title, imageUrl: `/files/artworks/${randomBytes(8).toString('hex')}.png`, prompt: 'Soft light', poeticSummary: `A reflection only ${label} has.` })
    .returning({ id: souvenirs.id });
  return { email, title, memoryId: memory!.id, cookie: `${session.split(';')[0]}; ${TIME_ZONE_COOKIE}=Europe%2FParis` };
}
