import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_NAME_PATTERN, confirmsRestore, type Backup, type BackupList } from '@shared/contracts/backups';
import { AppError } from '../../app-error';
import { type ArchiveSource, BackupError, restoreBackup, storeBackup } from '../../db/backup';
import type { DatabaseHandle } from '../../db/client';
import { createScheduledClaims, type ScheduledClaims } from '../../db/scheduled-claims';
import type { ArchiveStore, StorageProvider } from '../../providers/storage/index';
import { StorageProviderError } from '../../providers/storage/storage-provider-error';

const nameAt = (at: Date) => `souvenir-${at.toISOString().replace(/[:.]/g, '-')}.backup.gz`;
const dateOf = (name: string) => new Date(name.slice('souvenir-'.length, -'.backup.gz'.length).replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));

/** A bucket that cannot be reached is the server's trouble, said as such (503), never an internal error. */
async function storageAnswer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StorageProviderError) throw new AppError('SERVICE_UNAVAILABLE', 'The file store cannot be reached: try again later.');
    throw error;
  }
}

/**
 * The archives of the database and the stored files: made on a schedule or on request, listed, downloaded,
 * restored after the administrator types the archive's name. They are kept by `archives` (the data folder's
 * `backups`, or the bucket's `backups/` folder when the files live in a bucket), never under /files: only
 * administrators reach them.
 */
export function createBackupsService(deps: {
  database: DatabaseHandle;
  storage: StorageProvider;
  archives: ArchiveStore;
  dailyAtMinute: number | null;
  keep: number;
  /** The day's scheduled archive is made by one process of those sharing the database. */
  claims?: ScheduledClaims;
}) {
  const claims = deps.claims ?? createScheduledClaims(deps.database.db);
  let running: Promise<{ backup: Backup; rows: number; files: number }> | null = null;

  /** Ours only (the store may hold other files), newest first. */
  async function list(): Promise<Backup[]> {
    const archives = (await deps.archives.list()).filter((archive) => BACKUP_NAME_PATTERN.test(archive.name));
    archives.sort((a, b) => b.name.localeCompare(a.name));
    return archives.map(({ name, size }) => ({ name, size, createdAt: dateOf(name).toISOString() }));
  }

  /** One backup at a time: a second request while one is written gets the same one. */
  function make(now: Date) {
    running ??= (async () => {
      const name = nameAt(now);
      // Streamed from the database and the files straight into the store: memory stays flat whatever the size.
      const { stored: size, rows, files } = await storeBackup(deps.database, deps.storage, now, (stream) => deps.archives.writeStream(name, stream));
      return { backup: { name, size, createdAt: now.toISOString() }, rows, files };
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** A refused archive answers its own code; the log learns where it failed (a table, a database code), never a value. */
  async function restoreArchive(archive: ArchiveSource, log?: FastifyBaseLogger) {
    try {
      return await restoreBackup(deps.database, deps.storage, archive);
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      log?.warn({ refused: error.code, ...error.logFields }, 'backup restore refused, nothing changed');
      throw new AppError(error.code, error.message);
    }
  }

  const checkedName = (name: string) => {
    if (!BACKUP_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND', 'No such backup.');
    return name;
  };

  return {
    async list(): Promise<BackupList> {
      const at = deps.dailyAtMinute;
      return {
        items: await storageAnswer(list()),
        dailyAt: at === null ? null : `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`,
        keep: deps.keep,
        storedIn: deps.archives.location,
      };
    },

    /** A new archive now; with how many rows and files it holds, for the command line. */
    create: (now = new Date()) => storageAnswer(make(now)),

    async open(name: string) {
      const archive = await storageAnswer(deps.archives.open(checkedName(name)));
      if (!archive) throw new AppError('NOT_FOUND', 'No such backup.');
      return archive;
    },

    async restore(name: string, confirm: string, log?: FastifyBaseLogger) {
      checkedName(name);
      if (!confirmsRestore(name, confirm)) throw new AppError('VALIDATION_FAILED', 'Type the code of the backup to confirm.', { confirm: ['validation.backupConfirm'] });
      // Read as a stream, twice: once to check it whole, once to restore it.
      const opened = await storageAnswer(deps.archives.open(name));
      if (!opened) throw new AppError('NOT_FOUND', 'No such backup.');
      let first: typeof opened | null = opened;
      const source: ArchiveSource = async () => {
        const again = first ?? (await deps.archives.open(name));
        first = null;
        if (!again) throw new BackupError('The archive went away while it was restored.');
        return again.stream;
      };
      return storageAnswer(restoreArchive(source, log));
    },

    /** An archive given by hand (the command line's file): checked and restored like one from the store. */
    restoreArchive: (archive: ArchiveSource) => storageAnswer(restoreArchive(archive)),

    /** The daily run: once the day's time has come, if today has no archive yet; then the oldest beyond `keep` go. */
    async runScheduled(log: FastifyBaseLogger, now = new Date()): Promise<Backup | null> {
      if (deps.dailyAtMinute === null) return null;
      if (now.getUTCHours() * 60 + now.getUTCMinutes() < deps.dailyAtMinute) return null;
      const today = now.toISOString().slice(0, 10);
      // Claimed before looking: two processes checking at the same minute would both find no archive yet.
      const claimed = await claims.run('backup', today, async () => {
        const existing = await list();
        if (existing.some((b) => b.createdAt.startsWith(today))) return null;
        const { backup } = await make(now);
        for (const old of (await list()).slice(deps.keep)) await deps.archives.remove(old.name);
        log.info({ backup: backup.name, size: backup.size, storedIn: deps.archives.location }, 'scheduled backup written');
        return backup;
      });
      if (!claimed.ran) log.debug({ day: today }, 'scheduled backup already claimed');
      return claimed.ran ? claimed.result : null;
    },

    async close() {
      await deps.archives.close?.();
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;
