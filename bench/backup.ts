// `npm run bench -- backup`: one stored file of 300 MB (random bytes, as a picture barely compresses) backed up
// into the data folder's archives and restored, through the same service as the admin panel and the command
// line, on the embedded database. Prints each step's time and the process's memory growth over it (the peak
// of the resident set, sampled every 20 ms, above what it was before the step): the target is under 100 MB.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { createBackupsService } from '../src/server/modules/backups/service';
import { createFolderArchiveStore, createLocalFolderStorage } from '../src/server/providers/storage/local-folder';

const FILE_BYTES = 300 * 1024 * 1024;
const KEY = 'memories/bench/large.png';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `work` while sampling the resident set; its growth is the peak above the figure at the start. */
async function measured<T>(label: string, work: () => Promise<T>): Promise<T> {
  globalThis.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const began = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const seconds = (performance.now() - began) / 1000;
    console.log(`  ${label.padEnd(8)} ${seconds.toFixed(1)} s (${mb(FILE_BYTES / seconds)}/s)  memory growth ${mb(peak - start)}  (resident ${mb(start)} → peak ${mb(peak)})`);
  }
}

export async function benchBackup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'souvenir-bench-backup-'));
  const database = await openDatabase({ kind: 'pglite-memory' });
  const storage = createLocalFolderStorage({ dir: path.join(dir, 'files') });
  const archives = createFolderArchiveStore({ dir: path.join(dir, 'backups') });
  const backups = createBackupsService({ database, storage, archives, dailyAtMinute: null, keep: 2 });
  try {
    await migrate(database);
    // Written a mebibyte at a time, so making the file does not itself grow the process.
    await storage.putStream(
      KEY,
      Readable.from(
        (function* () {
          for (let left = FILE_BYTES; left > 0; left -= 1024 * 1024) yield randomBytes(Math.min(left, 1024 * 1024));
        })(),
      ),
      FILE_BYTES,
    );
    console.log(`Backup and restore of one ${mb(FILE_BYTES)} stored file (data folder, embedded database, streamed archive)`);
    const { backup } = await measured('backup', () => backups.create());
    console.log(`  archive  ${mb(backup.size)} at ${archives.whereIs(backup.name)}`);
    await storage.remove(KEY);
    await measured('restore', () => backups.restore(backup.name, backup.name));
    const restored = await stat(path.join(dir, 'files', KEY));
    if (restored.size !== FILE_BYTES) throw new Error(`The restored file has ${restored.size} bytes, not ${FILE_BYTES}.`);
  } finally {
    await backups.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
