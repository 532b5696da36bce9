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

/** POST /api/admin/backups/:name/restore — the administrator types the archive's name to confirm. */
export const backupRestoreSchema = z.strictObject({
  confirm: z.string({ error: 'validation.backupConfirm' }).max(200, 'validation.backupConfirm'),
});
export const backupRestoredSchema = z.object({ tables: z.number().int(), rows: z.number().int(), files: z.number().int() });
