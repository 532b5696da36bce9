// `npm run bench -- book`: a year's book of 365 memories (one a day, each with its own stored 1024 × 1024 artwork)
// made by the real route over HTTP on loopback and read as a browser reads it, a chunk at a time. Prints the time to
// the first byte and to the last, the file's size and pages, and the process's memory growth over the request (the
// peak of the resident set, sampled every 20 ms, above what it was before): the targets are under 60 s and 300 MB.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { BOOK_PAGES_HEADER } from '../src/shared/contracts/book';
import { createPdfPageCounter } from '../src/shared/pdf-pages';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { souvenirs } from '../src/server/db/schema/index';
import { seedDefaults } from '../src/server/db/seed';
import { renderArtwork } from '../src/server/providers/image/generative-art';
import { createLocalFolderStorage } from '../src/server/providers/storage/local-folder';
import { benchUser } from './support';

const MEMORIES = 365;
/** Distinct pictures drawn, each stored under many keys: drawing 365 would take most of a minute by itself. */
const DRAWN = 12;
const TIME_BUDGET_S = 60;
const MEMORY_BUDGET_MB = 300;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export async function benchBook() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-bench-book-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await migrate(database);
    await seedDefaults(database.db);
    const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000', DATA_DIR: dataDir, SERVE_WEB: 'false', LOG_LEVEL: 'silent', BACKUP_TIME: 'off' });
    const app = await buildApp({ config, database, authSecret: 'bench-secret-bench-secret-bench-secret-0', logStream: new Writable({ write: (_c, _e, done) => done() }) });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const user = await benchUser(app, database.db);
      const storage = createLocalFolderStorage({ dir: path.join(dataDir, 'files') });
      const pictures = await Promise.all(Array.from({ length: DRAWN }, (_, i) => renderArtwork(`A day of the year, number ${i}, sea and light`)));
      const rows = [];
      for (let day = 0; day < MEMORIES; day++) {
        const key = `memories/${user.id}/${randomBytes(16).toString('hex')}.png`;
        await storage.put(key, pictures[day % DRAWN]!);
        rows.push({
          userId: user.id,
          title: `Day ${day + 1}: the light on the water`,
          imageUrl: `/files/${key}`,
          prompt: 'A painting',
          poeticSummary: 'The day came in slowly, like the tide, and left a little warmth on the stones. '.repeat(3).trim(),
          mood: 'calm',
          createdAt: new Date(Date.UTC(2025, 0, 1, 12) + day * 24 * 60 * 60 * 1000),
        });
      }
      await database.db.insert(souvenirs).values(rows);
      const pictureKb = pictures.reduce((sum, picture) => sum + picture.length, 0) / DRAWN / 1024;

      console.log(`\nMemory book: a year of ${MEMORIES} memories (PNG artworks of about ${pictureKb.toFixed(0)} KB), GET /api/memories/book over HTTP, in-memory PGlite`);
      globalThis.gc?.();
      const start = process.memoryUsage().rss;
      let peak = start;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const began = performance.now();
      let firstByte = 0;
      let bytes = 0;
      const counter = createPdfPageCounter();
      let announced = '';
      try {
        const response = await fetch(`${base}/api/memories/book?year=2025&tz=UTC&lang=en`, { headers: { cookie: user.cookie } });
        if (!response.ok) throw new Error(`the book answered ${response.status}: ${await response.text()}`);
        announced = response.headers.get(BOOK_PAGES_HEADER) ?? '';
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          if (bytes === 0) firstByte = performance.now() - began;
          bytes += chunk.length;
          counter.push(chunk);
        }
      } finally {
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const seconds = (performance.now() - began) / 1000;
      const pages = counter.push(new Uint8Array([0x0a]));
      const growth = peak - start;
      console.log(`  pages         ${pages} (announced ${announced}: the cover and one per memory)`);
      console.log(`  file          ${mb(bytes)} MB`);
      console.log(`  first byte    ${firstByte.toFixed(0)} ms`);
      console.log(`  whole book    ${seconds.toFixed(1)} s (${((seconds * 1000) / MEMORIES).toFixed(0)} ms a page)  — target < ${TIME_BUDGET_S} s: ${seconds < TIME_BUDGET_S ? 'met' : 'MISSED'}`);
      console.log(`  memory growth ${mb(growth)} MB (resident ${mb(start)} → peak ${mb(peak)} MB)  — target < ${MEMORY_BUDGET_MB} MB: ${growth < MEMORY_BUDGET_MB * 1024 * 1024 ? 'met' : 'MISSED'}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
