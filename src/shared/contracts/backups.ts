import { z } from 'zod';

/** An archive's name as the server makes it: its UTC creation time, nothing else (never a path). */
export const BACKUP_NAME_PATTERN = /^souvenir-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup\.gz$/;

export const backupSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/admin/backups: the archives, newest first, and the schedule they follow. */
export const backupListSchema = z.object({
  items: z.array(backupSchema),
  /** "HH:MM" UTC of the daily backup, or null when automatic backups are off. */
  dailyAt: z.string().nullable(),
  keep: z.number().int(),
  /** Where the archives are kept: the data folder's `backups`, or the `backups/` folder of the files' S3 bucket. */
  storedIn: z.enum(['data-folder', 'bucket']),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** Letters and digits that cannot be read as one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * The short code an administrator types to restore this archive: four characters drawn from its name, so that a
 * restore is asked of one archive on purpose, without retyping a 40-character name. Not a secret (the panel shows
 * it); the full name is accepted too, for scripts.
 */
export function backupConfirmCode(name: string): string {
  // FNV-1a over the name's characters: deterministic on the server and in the browser alike.
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193) >>> 0;
  let code = '';
  for (let i = 0; i < 4; i++) {
    code += CODE_ALPHABET[hash % CODE_ALPHABET.length];
    hash = Math.floor(hash / CODE_ALPHABET.length);
  }
  return code;
}

/** Whether what was typed confirms restoring this archive: its code (any case, spaces around) or its whole name. */
export function confirmsRestore(name: string, typed: string): boolean {
  const trimmed = typed.trim();
  return trimmed === name || trimmed.toUpperCase() === backupConfirmCode(name);
}

/** POST /api/admin/backups/:name/restore — the administrator types the archive's code (or its name) to confirm. */
export const backupRestoreSchema = z.strictObject({
  confirm: z.string({ error: 'validation.backupConfirm' }).max(200, 'validation.backupConfirm'),
});
export const backupRestoredSchema = z.object({ tables: z.number().int(), rows: z.number().int(), files: z.number().int() });
