// Pages drawn at once: the built server render (dist/ssr) in the real app, in-process. Twenty people's galleries are
// drawn concurrently and each holds that person's own memories only; one more person's gallery read hangs, and their
// page comes back undrawn (the app draws it in the browser) while the others are drawn, with a log line that names
// neither them nor their page's address.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_COOKIE } from '@shared/limits';
import { buildApp, type App } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { migrate } from '@server/db/migrate';
import { souvenirs, users } from '@server/db/schema/index';
import { seedDefaults } from '@server/db/seed';
import { eq } from 'drizzle-orm';

const ORIGIN = 'http://localhost:3000';
const PEOPLE = 20;

interface Person {
  email: string;
  cookie: string;
  title: string;
}

let app: App;
let database: DatabaseHandle;
let dataDir: string;
const logs: string[] = [];
/** The reads held on purpose, let go once the test has its answers. */
const held: Array<() => void> = [];
let slowCookie = '';

async function person(label: string): Promise<Person> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const headers = { 'content-type': 'application/json', origin: ORIGIN };
  const up = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload: { email, password, name: label, defaultLanguage: 'en' } });
  expect(up.statusCode, up.body).toBe(200);
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password } });
  const session = [signIn.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='));
  expect(session, signIn.body).toBeDefined();
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const title = `Evening of ${label} ${randomBytes(4).toString('hex')}`;
  await database.db.insert(souvenirs).values({
    userId: user!.id,
    title,
    imageUrl: `/files/artworks/${randomBytes(8).toString('hex')}.png`,
    prompt: 'Soft light',
    poeticSummary: `A reflection only ${label} has.`,
  });
  return { email, title, cookie: `${session!.split(';')[0]}; ${TIME_ZONE_COOKIE}=Europe%2FParis` };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-ssr-concurrent-'));
  database = await openDatabase({ kind: 'pglite-memory' });
  await migrate(database);
  await seedDefaults(database.db);
  const config = loadConfig({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, RATE_LIMIT_AUTH_MAX: '1000', LOG_LEVEL: 'info', BACKUP_TIME: 'off' });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ config, database, authSecret: 'test-secret-test-secret-test-secret-0123', logStream });
  // One person's gallery read never answers until the test lets it go: a read that hangs.
  app.addHook('onRequest', async (request) => {
    if (slowCookie && request.url.startsWith('/api/memories?') && request.headers.cookie?.includes(slowCookie)) {
      await new Promise<void>((resolve) => held.push(resolve));
    }
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  held.forEach((release) => release());
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pages drawn at once', () => {
  it("draws twenty people's galleries at once, each with their own memories, and sends a hung one undrawn", async () => {
    const people: Person[] = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await person(`person${i}`));
    const slow = await person('slow');
    slowCookie = slow.cookie.split(';')[0]!;

    const gallery = (p: Person) => app.inject({ method: 'GET', url: '/home/memories', headers: { cookie: p.cookie, 'accept-language': 'en' } });
    // The hung page is drawing first: the others are asked while its read hangs.
    const slowAnswer = gallery(slow);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [slowPage, ...pages] = await Promise.all([slowAnswer, ...people.map(gallery)]);

    pages.forEach((page, i) => {
      expect(page.statusCode).toBe(200);
      expect(page.body, `person ${i}`).toContain('data-rendered');
      expect(page.body, `person ${i}`).toContain(people[i]!.title);
      for (const other of [...people.filter((_, j) => j !== i), slow]) expect(page.body, `person ${i}`).not.toContain(other.title);
    });
    // Its read still hangs: the page came back undrawn because its time was up, for the app to draw it.
    expect(slowPage.statusCode).toBe(200);
    expect(slowPage.body).not.toContain('data-rendered');
    expect(slowPage.body).toContain('<div id="root"></div>');
    const warning = logs.find((line) => line.includes('server render ran out of time'));
    expect(warning).toBeDefined();
    for (const secret of [slow.email, slow.title, 'slow', slowCookie.split('=')[1]!]) expect(warning).not.toContain(secret);
  }, 120_000);
});
