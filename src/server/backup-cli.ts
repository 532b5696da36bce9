// `npm run backup` and `npm run restore -- <file>`: the same archives the server makes, from the command line.
// On the embedded database the server must be stopped first (PGlite allows one process per data folder; the
// lock says so). A restore migrates the database first, then replaces every table and the files folder.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, createBackup, restoreBackup } from './db/backup';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { ConfigError, loadConfig } from './config';

async function main(argv: string[]) {
  const [command, file] = argv;
  if (command !== 'backup' && command !== 'restore') throw new BackupError('Usage: backup-cli backup | restore <file>');
  if (command === 'restore' && !file) throw new BackupError('Name the archive to restore: npm run restore -- <file>');
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  // Files in a bucket are not in the archive: the bucket keeps its own versions (docs/self-hosting.md).
  const filesDir = config.storage.s3 ? null : path.join(config.dataDir, 'files');
  try {
    await migrate(database);
    if (command === 'backup') {
      const now = new Date();
      const { archive, rows, files } = await createBackup(database, filesDir, now);
      const dir = path.join(config.dataDir, 'backups');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = path.join(dir, `souvenir-${now.toISOString().replace(/[:.]/g, '-')}.backup.gz`);
      await writeFile(target, archive, { mode: 0o600 });
      console.log(`Backup written: ${target} (${rows} rows, ${files} files, ${archive.length} bytes)${filesDir ? '' : ' — files in the S3 bucket are not included'}`);
    } else {
      const { tables, rows, files } = await restoreBackup(database, filesDir, await readFile(file!));
      console.log(`Restored ${tables} tables (${rows} rows) and ${files} files from ${file}`);
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError) console.error(error.message);
  else console.error('The backup command failed:', error);
  process.exit(1);
});
