// Continuity's cost: the first reply of a day with 0 and with 50 memories (the context reads a fixed number of
// rows), and the context's length at its largest. Printed, never asserted.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { profiles, souvenirs } from '../src/server/db/schema/index';
import { seedDefaults } from '../src/server/db/seed';
import { benchUser } from './support';

const REPLIES = 40;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchContinuity() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-bench-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await migrate(database);
    await seedDefaults(database.db);
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'silent', CHAT_OFFLINE_DELAY_MS: '0', RATE_LIMIT_CHAT_MAX: '100000' });
    const app = await buildApp({ config, database, authSecret: 'bench-secret-bench-secret-bench-secret-0', logStream: new Writable({ write: (_c, _e, done) => done() }) });
    await app.ready();
    try {
      const replyTimes = async (cookie: string) => {
        const times: number[] = [];
        for (let i = 0; i <= REPLIES; i++) {
          const started = performance.now();
          const response = await app.inject({
            method: 'POST',
            url: '/api/chat/reply',
            headers: { cookie },
            payload: { conversationId: randomUUID(), language: 'en', messages: [{ role: 'user', content: `Hello, a calm evening ${i}.` }] },
          });
          if (response.statusCode !== 200) throw new Error(`reply answered ${response.statusCode}`);
          if (i > 0) times.push(performance.now() - started);
        }
        return times;
      };
      const empty = await benchUser(app, database.db);
      const few = await benchUser(app, database.db);
      const full = await benchUser(app, database.db);
      for (const user of [empty, few, full]) await database.db.update(profiles).set({ freeAccess: true, continuityFactsEnabled: true }).where(eq(profiles.id, user.id));
      for (const [user, count] of [[few, 5], [full, 50]] as const)
        await database.db.insert(souvenirs).values(
        Array.from({ length: count }, (_, i) => ({
          userId: user.id,
          title: `${'A long and winding title '.repeat(5)}${i}`.slice(0, 120),
          imageUrl: `/files/x/${i}.png`,
          prompt: 'p',
          poeticSummary: 'The day settled like dust in a sunbeam, slow and warm. '.repeat(8),
          createdAt: new Date(Date.now() - i * 86_400_000),
        })),
      );
      for (const user of [few, full]) {
        for (let i = 0; i < 5; i++) await app.inject({ method: 'POST', url: '/api/continuity/facts', headers: { cookie: user.cookie }, payload: { text: 'x'.repeat(200) } });
      }
      const context = (await app.inject({ method: 'GET', url: '/api/continuity?language=fr', headers: { cookie: full.cookie } })).json<{ context: string }>().context;
      const none = await replyTimes(empty.cookie);
      const five = await replyTimes(few.cookie);
      const fifty = await replyTimes(full.cookie);
      console.log(`\nContinuity: a whole offline reply (POST /api/chat/reply, no word delay), in-memory PGlite, ${REPLIES} requests each`);
      console.log(`  0 memories   median ${median(none).toFixed(1)} ms`);
      console.log(`  5 memories   median ${median(five).toFixed(1)} ms (all 5 and 5 facts in the context)`);
      console.log(`  50 memories  median ${median(fifty).toFixed(1)} ms (5 of them and 5 facts in the context)`);
      console.log(`  largest context: ${context.length} characters (cap 2 400), about ${Math.ceil(context.length / 4)} tokens`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
