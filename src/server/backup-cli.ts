// `npm run backup` and `npm run restore -- <file>`: the same archives the server makes, from the command line.
// On the embedded database the server must be stopped first (PGlite allows one process per data folder; the
// lock says so). A backup goes where the server keeps its archives (<DATA_DIR>/backups, or the bucket's
// backups/ folder when the files live in a bucket). A restore migrates the database first, then replaces every
// table and the stored files; it takes a file's path, or the name of an archive where the server keeps them.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAME_PATTERN } from '@shared/contracts/backups';
import { AppError } from './app-error';
import { type ArchiveSource, BackupError } from './db/backup';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { createBackupsService } from './modules/backups/service';
import { createArchiveStore, createStorageProvider } from './providers/storage/index';
import { ConfigError, loadConfig } from './config';

/** A file given by path, as a source a restore can open twice; null when there is none. */
async function givenFile(file: string): Promise<ArchiveSource | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return () => Promise.resolve(createReadStream(file));
}

async function main(argv: string[]) {
  const [command, file] = argv;
  if (command !== 'backup' && command !== 'restore') throw new BackupError('Usage: backup-cli backup | restore <file>');
  if (command === 'restore' && !file) throw new BackupError('Name the archive to restore: npm run restore -- <file>');
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  const storage = createStorageProvider({ localDir: path.join(config.dataDir, 'files'), s3: config.storage.s3 });
  const archives = createArchiveStore({ dir: config.backups.dir, s3: config.storage.s3 });
  const backups = createBackupsService({ database, storage, archives, dailyAtMinute: null, keep: config.backups.keep });
  try {
    await migrate(database);
    if (command === 'backup') {
      const { backup, rows, files } = await backups.create();
      console.log(`Backup written: ${archives.whereIs(backup.name)} (${rows} rows, ${files} files, ${backup.size} bytes)`);
    } else {
      // A path first; a bare archive name not found there is looked for where the server keeps its archives.
      const name = path.basename(file!);
      const probe = name === file && BACKUP_NAME_PATTERN.test(name) ? await archives.open(name) : null;
      probe?.stream.destroy();
      const stored = probe !== null;
      const storedSource: ArchiveSource = async () => {
        const opened = await archives.open(name);
        if (!opened) throw new BackupError(`The archive ${archives.whereIs(name)} went away.`);
        return opened.stream;
      };
      const archive = (await givenFile(file!)) ?? (stored ? storedSource : null);
      if (!archive) throw new BackupError(`No archive at ${file}${BACKUP_NAME_PATTERN.test(name) ? ` nor at ${archives.whereIs(name)}` : ''}.`);
      const { tables, rows, files } = await backups.restoreArchive(archive);
      console.log(`Restored ${tables} tables (${rows} rows) and ${files} files from ${file}`);
    }
  } finally {
    await backups.close();
    await storage.close?.();
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupError || error instanceof AppError) console.error(error.message);
  else console.error('The backup command failed:', error);
  process.exit(1);
});
