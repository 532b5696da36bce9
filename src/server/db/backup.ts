import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import type { StorageProvider } from '../providers/storage/index';
import { derivedKeysOf, STORAGE_KEY_PATTERN } from '../providers/storage/keys';
import type { DatabaseHandle } from './client';
import * as schema from './schema/index';

/**
 * Backups: the whole database and the stored files in one archive, restorable on either database driver.
 *
 * The archive is gzip'd JSON lines: a manifest first (our format name and version, the migration the
 * schema was at), then one line per table with its rows, then one line per stored file (base64), then an end
 * line with the counts, so a truncated archive is refused rather than half restored. The files are read and
 * written back through the storage provider, so the lines are the same whether they live in the data folder
 * or in a bucket, and an archive moves an instance from one to the other. Rows travel as JSON made by
 * PostgreSQL itself (`json_agg`) and come back through `json_populate_recordset`, so every column type
 * round-trips the same way on PGlite and on a PostgreSQL server, and an embedded database's backup restores
 * into PostgreSQL. Conversation text is never stored by the app, so it is not in a backup either.
 */
export const BACKUP_FORMAT = 'souvenir-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** How many migrations the schema had: a backup restores only into the same schema. */
  migrations: number;
  driver: 'pglite' | 'postgres';
  /**
   * True: the archive holds every stored file, so a restore leaves exactly those. Archives made before files
   * in a bucket were backed up lack it; one of those without any file says nothing of the files.
   */
  allFiles?: boolean;
}

/**
 * What a restore decompresses at most. Stored files are images of at most 20 MB (the image providers' own
 * limit) and their smaller renditions; a table's rows, as one JSON line, stay far below the table bound on any
 * instance this format can hold (it is built as one string, which stops near 512 MiB). An archive past any of
 * them is refused as soon as the bound is crossed, before anything changes: a few kilobytes of gzip can
 * otherwise unfold into gigabytes (a 1 MB archive holding 100 MB of zeros).
 */
export const RESTORE_MAX_FILE_BYTES = 32 * 1024 * 1024;
export const RESTORE_MAX_TABLE_BYTES = 128 * 1024 * 1024;
export const RESTORE_MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/** A file line holds its bytes in base64 (4 characters for 3 bytes) and its key. */
const MAX_FILE_LINE_BYTES = Math.ceil(RESTORE_MAX_FILE_BYTES / 3) * 4 + 4096;
const FILE_LINE_START = Buffer.from('{"file":');

export type BackupErrorCode = 'BACKUP_UNUSABLE' | 'BACKUP_TOO_LARGE';

/**
 * An archive refused, with the code the API answers and, for the log, only what locates the fault (a table's
 * name, the database's error code): never a value from the archive, which holds sessions and tickets.
 */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly code: BackupErrorCode = 'BACKUP_UNUSABLE',
    readonly logFields?: { table: string; databaseCode: string },
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const tooLarge = (what: string) =>
  new BackupError(`This backup unfolds into ${what} than a restore takes (files ${RESTORE_MAX_FILE_BYTES} bytes, a table ${RESTORE_MAX_TABLE_BYTES}, in all ${RESTORE_MAX_TOTAL_BYTES}).`, 'BACKUP_TOO_LARGE');

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it (Drizzle wraps it as the cause). */
function databaseCodeOf(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return 'unknown';
}

const gzipAsync = promisify(gzip);
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every table of the schema, parents before children (foreign keys), so rows can be inserted in order. */
export function tablesInOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const nameOf = (table: PgTable) => getTableConfig(table).name;
  const byName = new Map(tables.map((table) => [nameOf(table), table]));
  const ordered: PgTable[] = [];
  const seen = new Set<string>();
  const visit = (table: PgTable) => {
    const name = nameOf(table);
    if (seen.has(name)) return;
    seen.add(name);
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = byName.get(getTableConfig(fk.reference().foreignTable).name);
      if (parent && parent !== table) visit(parent);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function migrationCount(handle: DatabaseHandle): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return row?.n ?? 0;
}

/** Files travel a few at a time: a bucket answers each request slowly, and all at once would flood it. */
const FILE_CONCURRENCY = 4;

/** Runs `task` over `items`, `FILE_CONCURRENCY` at a time; the first failure stops what is not started yet. */
async function eachFile<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FILE_CONCURRENCY, items.length) }, worker));
}

/** A stored file's key, as the archive names it: relative, forward slashes, nothing that climbs out. */
function safeKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw new BackupError('The archive names a file without a valid name.');
  const parts = key.split('/');
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new BackupError(`The archive names a file outside the files folder: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Writes the archive of the database and of every file the storage holds (the folder or the bucket). */
export async function createBackup(handle: DatabaseHandle, storage: StorageProvider, now = new Date()): Promise<{ archive: Buffer; tables: number; rows: number; files: number }> {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    migrations: await migrationCount(handle),
    driver: handle.driver,
    allFiles: true,
  };
  const lines: string[] = [JSON.stringify(manifest)];
  const tables = tablesInOrder();
  let rows = 0;
  // One snapshot of every table: the rows agree with each other (no memory without its person).
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    for (const table of tables) {
      const name = getTableConfig(table).name;
      const [row] = rowsOf<{ rows: unknown[] }>(await tx.execute(sql`select coalesce(json_agg(t), '[]'::json) as rows from ${sql.identifier(name)} t`));
      const tableRows = row?.rows ?? [];
      rows += tableRows.length;
      lines.push(JSON.stringify({ table: name, rows: tableRows }));
    }
  });
  // Sorted, so that two archives of the same content are the same lines.
  const keys = (await storage.list()).sort();
  const fileLines = new Map<string, string>();
  await eachFile(keys, async (key) => {
    const file = await storage.get(key);
    // Removed since it was listed (a memory deleted meanwhile): it is simply not in this archive.
    if (file) fileLines.set(key, JSON.stringify({ file: key, data: file.body.toString('base64') }));
  });
  for (const key of keys) {
    const line = fileLines.get(key);
    if (line) lines.push(line);
  }
  lines.push(JSON.stringify({ end: true, tables: tables.length, files: fileLines.size }));
  return { archive: await gzipAsync(Buffer.from(`${lines.join('\n')}\n`, 'utf8')), tables: tables.length, rows, files: fileLines.size };
}

/**
 * The archive's lines, decompressed a chunk at a time and refused as soon as a line or the whole passes its
 * bound, so a small archive that unfolds into gigabytes never does.
 */
async function boundedLines(archive: Buffer): Promise<string[]> {
  const lines: string[] = [];
  let total = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // A line's bound depends on its kind, known from its first bytes: a file line holds up to a file in base64.
  let bound = RESTORE_MAX_TABLE_BYTES;
  let kindKnown = false;
  const take = (piece: Buffer) => {
    if (piece.length === 0) return;
    pending.push(piece);
    pendingBytes += piece.length;
    if (!kindKnown && pendingBytes >= FILE_LINE_START.length) {
      kindKnown = true;
      if (Buffer.concat(pending).subarray(0, FILE_LINE_START.length).equals(FILE_LINE_START)) bound = MAX_FILE_LINE_BYTES;
    }
    if (pendingBytes > bound) throw tooLarge(bound === MAX_FILE_LINE_BYTES ? 'a larger file' : 'a larger table');
  };
  const endLine = () => {
    if (pendingBytes > 0) lines.push(Buffer.concat(pending, pendingBytes).toString('utf8'));
    pending = [];
    pendingBytes = 0;
    bound = RESTORE_MAX_TABLE_BYTES;
    kindKnown = false;
  };
  const gunzip = createGunzip();
  gunzip.end(archive);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > RESTORE_MAX_TOTAL_BYTES) throw tooLarge('more');
      let from = 0;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, from)) {
        take(chunk.subarray(from, at));
        endLine();
        from = at + 1;
      }
      take(chunk.subarray(from));
    }
  } catch (error) {
    gunzip.destroy();
    if (error instanceof BackupError) throw error;
    throw new BackupError('This file is not a Souvenir backup (it is not a gzip archive).');
  }
  endLine();
  return lines;
}

interface ReadArchive {
  manifest: BackupManifest;
  tables: Map<string, unknown[]>;
  files: Map<string, Buffer>;
}

/** Reads and checks an archive: ours, a version we know, complete. Anything else is refused before any change. */
export async function readBackup(archive: Buffer): Promise<ReadArchive> {
  const lines = await boundedLines(archive);
  const parse = (line: string | undefined) => {
    try {
      return JSON.parse(line ?? '') as Record<string, unknown>;
    } catch {
      throw new BackupError('This file is not a Souvenir backup (a line is not JSON).');
    }
  };
  const manifest = parse(lines[0]);
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') throw new BackupError('This file is not a Souvenir backup (no Souvenir manifest).');
  if (manifest.version !== BACKUP_VERSION) throw new BackupError(`This backup's format version ${manifest.version} is not one this version of Souvenir reads (${BACKUP_VERSION}).`);
  const end = parse(lines.at(-1));
  if (end.end !== true) throw new BackupError('This backup is incomplete (it was cut short).');
  const tables = new Map<string, unknown[]>();
  const files = new Map<string, Buffer>();
  for (const line of lines.slice(1, -1)) {
    const entry = parse(line);
    if (typeof entry.table === 'string' && Array.isArray(entry.rows)) tables.set(entry.table, entry.rows);
    else if (typeof entry.file === 'string' && typeof entry.data === 'string') {
      const body = Buffer.from(entry.data, 'base64');
      if (body.length > RESTORE_MAX_FILE_BYTES) throw tooLarge('a larger file');
      files.set(safeKey(entry.file), body);
    }
    else throw new BackupError('This backup holds an entry Souvenir does not know.');
  }
  if (tables.size !== end.tables || files.size !== end.files) throw new BackupError('This backup is incomplete (its counts do not match).');
  return { manifest: manifest as unknown as BackupManifest, tables, files };
}

/**
 * Replaces everything with the archive's content. The archive's files are written first (keys are random, so
 * this adds or rewrites the same bytes and breaks nothing the current rows use); then every table is emptied
 * and refilled in one transaction; only then do the files the archive does not hold go. A failure before the
 * tables are replaced takes back the files it added, so the instance is as it was; a failure after it can be
 * mended by restoring again. The schema must be the one the backup was made with: the target is migrated
 * first, so a backup from another version is refused before any change.
 */
export async function restoreBackup(handle: DatabaseHandle, storage: StorageProvider, archive: Buffer): Promise<{ tables: number; rows: number; files: number }> {
  const read = await readBackup(archive);
  const migrations = await migrationCount(handle);
  if (read.manifest.migrations !== migrations) {
    throw new BackupError(`This backup was made with ${read.manifest.migrations} database migrations and this server has ${migrations}: restore it with the same version of Souvenir it was made with.`);
  }
  const tables = tablesInOrder();
  const known = new Set(tables.map((table) => getTableConfig(table).name));
  const unknown = [...read.tables.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0) throw new BackupError(`This backup holds tables this server does not have: ${unknown.join(', ')}.`);

  // A folder's stray files (a desktop's index, an editor's copy) may be in older archives: no file of ours.
  const files = [...read.files].filter(([key]) => STORAGE_KEY_PATTERN.test(key));
  const before = new Set(await storage.list());
  const added: string[] = [];
  const takeBackAdded = async () => {
    await eachFile(added, (key) => storage.remove(key)).catch(() => undefined);
  };
  try {
    await eachFile(files, async ([key, body]) => {
      await storage.put(key, body);
      if (!before.has(key)) added.push(key);
    });
  } catch (error) {
    await takeBackAdded();
    throw error;
  }

  let rows = 0;
  try {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`truncate ${tables.map((table) => `"${getTableConfig(table).name}"`).join(', ')} cascade`));
      for (const table of tables) {
        const name = getTableConfig(table).name;
        const tableRows = read.tables.get(name) ?? [];
        if (tableRows.length === 0) continue;
        rows += tableRows.length;
        try {
          await tx.execute(
            sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(tableRows)}::json)`,
          );
        } catch (error) {
          // The driver's error carries the statement and its parameters (every row of the table) and its
          // message may quote the value: neither travels on. The archive is at fault, not the server.
          const databaseCode = databaseCodeOf(error);
          throw new BackupError(`This backup holds a value the table ${name} does not accept (database error ${databaseCode}).`, 'BACKUP_UNUSABLE', { table: name, databaseCode });
        }
      }
    });
  } catch (error) {
    await takeBackAdded();
    throw error;
  }

  // An older archive without a single file may come from a bucket whose files were left out: then it says
  // nothing of them, and they stay.
  if (read.manifest.allFiles === true || read.files.size > 0) {
    const kept = new Set(files.map(([key]) => key));
    // An image's removal takes its thumbnail and renditions too: shorter keys first, each family once.
    const extras = [...before].filter((key) => !kept.has(key)).sort((a, b) => a.length - b.length || a.localeCompare(b));
    const covered = new Set<string>();
    const removals: string[] = [];
    for (const key of extras) {
      if (covered.has(key)) continue;
      removals.push(key);
      for (const derived of derivedKeysOf(key)) covered.add(derived);
    }
    await eachFile(removals, (key) => storage.remove(key));
  }
  return { tables: read.tables.size, rows, files: files.length };
}
