// `npm run bench` prints performance figures; it is never part of `npm test`. Figures are printed, not asserted.
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
import { appSettings, profiles } from '../src/server/db/schema/index';
import { DEFAULT_SETTINGS, seedDefaults } from '../src/server/db/seed';
import { renderArtwork } from '../src/server/providers/image/generative-art';
import { prepareImage } from '../src/server/providers/storage/images';
import { composeImagePrompt } from '../src/server/providers/text/offline-extractor';
import { benchBackup } from './backup';
import { benchBook } from './book';
import { benchContinuity } from './continuity';
import { benchGallery } from './gallery';
import { benchLocalModel } from './local-model';
import { benchCompanion } from './companion';
import { benchMood } from './mood';
import { benchSafety } from './safety';
import { benchShutdown } from './shutdown';
import { benchUser } from './support';

const RENDERS = 20;
const GENERATIONS = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Conversations of different moods and themes, so every render draws a different composition. */
const DAYS = [
  ['I felt so tired after work, the meeting was long.', 'We walked by the sea at night.'],
  ['Je suis triste, il pleut sur la ville.', 'Ma sœur m’a appelée.'],
  ['I am anxious about the exam tomorrow.', 'My friends helped me study.'],
  ['We planted flowers in the garden, it was peaceful.', 'The children laughed.'],
  ['I am angry, my boss was unfair about the project.', 'I played the piano to calm down.'],
  ['I feel hopeful, a new start in the mountains.', 'The morning light was beautiful.'],
  ['I love my grandmother, we cooked in her kitchen.', 'I am grateful.'],
  ['Nothing special today.', 'Just rain and a book.'],
];
const conversationOf = (i: number) =>
  DAYS[i % DAYS.length]!.flatMap((content, turn) => [
    { role: 'user' as const, content: `${content} (${i}-${turn})` },
    { role: 'assistant' as const, content: 'Tell me more.' },
  ]);

async function benchArtwork() {
  const prompts = Array.from({ length: RENDERS }, (_, i) => composeImagePrompt(conversationOf(i), DEFAULT_SETTINGS.imagePrompt));
  await renderArtwork(prompts[0]!); // warm-up: sharp's first call loads its library
  const times: number[] = [];
  const pngSizes: number[] = [];
  const thumbSizes: number[] = [];
  for (const prompt of prompts) {
    const started = performance.now();
    const png = await renderArtwork(prompt);
    times.push(performance.now() - started);
    pngSizes.push(png.length);
    thumbSizes.push((await prepareImage(png)).thumbnail.length);
  }
  console.log(`Offline artwork (generative-art), ${RENDERS} renders of a 1024×1024 PNG`);
  console.log(`  render time   median ${ms(median(times))}  (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`);
  console.log(`  PNG size      median ${kb(median(pngSizes))}  (min ${kb(Math.min(...pngSizes))}, max ${kb(Math.max(...pngSizes))})`);
  console.log(`  WebP thumb    median ${kb(median(thumbSizes))}  (512×512, quality 80)`);
}

async function benchGeneration() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-bench-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await migrate(database);
    await seedDefaults(database.db);
    await database.db.update(appSettings).set({ dailyGenerationLimit: GENERATIONS + 5 }).where(eq(appSettings.id, 1));
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_GENERATION_MAX: '1000',
    });
    const app = await buildApp({
      config,
      database,
      authSecret: 'bench-secret-bench-secret-bench-secret-0',
      logStream: new Writable({ write: (_chunk, _encoding, done) => done() }),
    });
    await app.ready();
    try {
      const user = await benchUser(app, database.db);
      const { cookie } = user;
      // Free access: every generation after the first needs an active subscription.
      await database.db.update(profiles).set({ freeAccess: true }).where(eq(profiles.id, user.id));

      const times: number[] = [];
      for (let i = 0; i <= GENERATIONS; i++) {
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/generations',
          headers: { cookie, 'idempotency-key': randomUUID() },
          payload: {
            conversationId: randomUUID(),
            language: i % 2 ? 'fr' : 'en',
            messages: [{ role: 'assistant', content: 'How was your day?' }, ...conversationOf(i)],
          },
        });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 201) throw new Error(`generation answered ${response.statusCode}: ${response.body}`);
        if (i > 0) times.push(elapsed); // the first one warms the routes and the database up
      }
      console.log(`\nWhole generation request (POST /api/generations), embedded defaults, in-memory PGlite, ${GENERATIONS} requests`);
      console.log(`  request time  median ${ms(median(times))}  (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`);
      console.log('  (offline extractor → generative-art render → local-folder storage with WebP thumbnail → memory + journal day)');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Souvenir benchmarks — Node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? 'unknown'})\n`);
const only = process.argv[2];
if (!only || only === 'artwork') await benchArtwork();
if (!only || only === 'generation') await benchGeneration();
if (!only || only === 'gallery') await benchGallery();
if (!only || only === 'local-model') await benchLocalModel();
if (!only || only === 'safety') benchSafety({ misread: process.argv.includes('--misread') });
if (!only || only === 'mood') benchMood({ misread: process.argv.includes('--misread') });
if (!only || only === 'companion') benchCompanion({ misread: process.argv.includes('--misread'), tuningOnly: process.argv.includes('--tuning-only') });
if (!only || only === 'continuity') await benchContinuity();
if (!only || only === 'backup') await benchBackup();
if (!only || only === 'book') await benchBook();
if (!only || only === 'shutdown') await benchShutdown();
