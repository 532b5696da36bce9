import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_NAME_PATTERN, type Backup, type BackupList } from '@shared/contracts/backups';
import { AppError } from '../../app-error';
import { BackupError, createBackup, restoreBackup } from '../../db/backup';
import type { DatabaseHandle } from '../../db/client';

const nameAt = (at: Date) => `souvenir-${at.toISOString().replace(/[:.]/g, '-')}.backup.gz`;
const dateOf = (name: string) => new Date(name.slice('souvenir-'.length, -'.backup.gz'.length).replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));

/**
 * The archives under <DATA_DIR>/backups (never under /files: only administrators reach them): made on a
 * schedule or on request, listed, downloaded, restored after the administrator types the archive's name.
 */
export function createBackupsService(deps: { database: DatabaseHandle; dir: string; filesDir: string | null; dailyAtMinute: number | null; keep: number }) {
  let running: Promise<Backup> | null = null;

  async function list(): Promise<Backup[]> {
    let names: string[];
    try {
      names = await readdir(deps.dir);
    } catch {
      return [];
    }
    const archives = names.filter((name) => BACKUP_NAME_PATTERN.test(name)).sort().reverse();
    return Promise.all(archives.map(async (name) => ({ name, size: (await stat(path.join(deps.dir, name))).size, createdAt: dateOf(name).toISOString() })));
  }

  /** One backup at a time: a second request while one is written gets the same one. */
  function create(now = new Date()): Promise<Backup> {
    running ??= (async () => {
      const { archive } = await createBackup(deps.database, deps.filesDir, now);
      await mkdir(deps.dir, { recursive: true, mode: 0o700 });
      const name = nameAt(now);
      await writeFile(path.join(deps.dir, name), archive, { mode: 0o600 });
      return { name, size: archive.length, createdAt: now.toISOString() };
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const pathOf = (name: string) => {
    if (!BACKUP_NAME_PATTERN.test(name)) throw new AppError('NOT_FOUND', 'No such backup.');
    return path.join(deps.dir, name);
  };

  return {
    async list(): Promise<BackupList> {
      const at = deps.dailyAtMinute;
      return {
        items: await list(),
        dailyAt: at === null ? null : `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`,
        keep: deps.keep,
        includesFiles: deps.filesDir !== null,
      };
    },
    create,

    async open(name: string) {
      const file = pathOf(name);
      const size = await stat(file).then((s) => s.size, () => null);
      if (size === null) throw new AppError('NOT_FOUND', 'No such backup.');
      return { stream: createReadStream(file), size };
    },

    async restore(name: string, confirm: string) {
      const file = pathOf(name);
      if (confirm !== name) throw new AppError('VALIDATION_FAILED', 'Type the name of the backup to confirm.', { confirm: ['validation.backupConfirm'] });
      const archive = await readFile(file).catch(() => null);
      if (!archive) throw new AppError('NOT_FOUND', 'No such backup.');
      try {
        return await restoreBackup(deps.database, deps.filesDir, archive);
      } catch (error) {
        if (error instanceof BackupError) throw new AppError('CONFLICT', error.message);
        throw error;
      }
    },

    /** The daily run: once the day's time has come, if today has no archive yet; then the oldest beyond `keep` go. */
    async runScheduled(log: FastifyBaseLogger, now = new Date()): Promise<Backup | null> {
      if (deps.dailyAtMinute === null) return null;
      if (now.getUTCHours() * 60 + now.getUTCMinutes() < deps.dailyAtMinute) return null;
      const today = now.toISOString().slice(0, 10);
      const existing = await list();
      if (existing.some((b) => b.createdAt.startsWith(today))) return null;
      const made = await create(now);
      for (const old of (await list()).slice(deps.keep)) await rm(path.join(deps.dir, old.name), { force: true });
      log.info({ backup: made.name, size: made.size }, 'scheduled backup written');
      return made;
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;
