import { once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { StorageProvider } from '../providers/storage/index';
import { derivedKeysOf, STORAGE_KEY_PATTERN } from '../providers/storage/keys';
import type { DatabaseHandle } from './client';
import * as schema from './schema/index';

/**
 * Backups: the whole database and the stored files in one archive, restorable on either database driver.
 *
 * The archive (format version 2) is a gzip'd tar, written and read as a stream, so memory stays flat
 * whatever the size of the instance:
 *   manifest.json          our format name and version, the migration the schema was at, and each table's
 *                          name, row count and size in bytes, in the order the rows are restored
 *   tables/<table>.jsonl   one row per line, as JSON made by PostgreSQL itself (`row_to_json`)
 *   files/<key>            every stored file as itself (the folder's or the bucket's)
 *   end.json               the counts again, so an archive cut short is refused rather than half restored
 * Rows come back through `json_populate_recordset`, so every column type round-trips the same way on PGlite
 * and on a PostgreSQL server, and an embedded database's backup restores into PostgreSQL. The files are read
 * and written through the storage provider, so an archive moves an instance between a folder and a bucket.
 * Archives of version 1 (gzip'd JSON lines, one line per table and one per file in base64) still restore.
 * Conversation text is never stored by the app, so it is not in a backup either.
 */
export const BACKUP_FORMAT = 'souvenir-backup';
export const BACKUP_VERSION = 2;
const LEGACY_VERSION = 1;

export interface TableEntry {
  name: string;
  rows: number;
  bytes: number;
}

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
  /** Version 2: the tables' entries, in the archive's order. */
  tables?: TableEntry[];
}

/**
 * What a restore of a version 1 archive decompresses at most: that format is read whole in memory. Stored
 * files are images of at most 20 MB (the image providers' own limit) and their smaller renditions; a table's
 * rows, as one JSON line, stay far below the table bound on any instance that format can hold (it is built as
 * one string, which stops near 512 MiB). An archive past any of them is refused as soon as the bound is
 * crossed, before anything changes: a few kilobytes of gzip can otherwise unfold into gigabytes.
 */
export const RESTORE_MAX_FILE_BYTES = 32 * 1024 * 1024;
export const RESTORE_MAX_TABLE_BYTES = 128 * 1024 * 1024;
export const RESTORE_MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/**
 * What a restore of a version 2 archive decompresses at most. That format streams, so these bound disk and
 * time rather than memory: one stored file, one table's rows, one row, and everything. Beyond an allowance,
 * an archive may also unfold to at most `STREAMED_MAX_EXPANSION` times the bytes read so far: pictures barely
 * compress and JSON rows about tenfold, while a bomb (runs of zeros) unfolds a thousandfold and is stopped
 * within its first megabytes.
 */
export const STREAMED_MAX_FILE_BYTES = 1024 * 1024 * 1024;
export const STREAMED_MAX_TABLE_BYTES = 4 * 1024 * 1024 * 1024;
export const STREAMED_MAX_ROW_BYTES = 64 * 1024 * 1024;
export const STREAMED_MAX_TOTAL_BYTES = 256 * 1024 * 1024 * 1024;
export const STREAMED_MAX_EXPANSION = 50;
const STREAMED_EXPANSION_ALLOWANCE = 64 * 1024 * 1024;
/** The manifest and end entries are a few kilobytes. */
const MAX_META_BYTES = 1024 * 1024;

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

const tooLarge = (what: string) => new BackupError(`This backup unfolds into ${what} than a restore takes.`, 'BACKUP_TOO_LARGE');
const notOurs = (why: string) => new BackupError(`This file is not a Souvenir backup (${why}).`);

/** The SQLSTATE of a database error, wherever the driver or Drizzle put it (Drizzle wraps it as the cause). */
function databaseCodeOf(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return 'unknown';
}

/** The driver's error carries the statement and its parameters (rows) and its message may quote a value: none travels on. */
const refusedValue = (table: string, error: unknown) => {
  const databaseCode = databaseCodeOf(error);
  return new BackupError(`This backup holds a value the table ${table} does not accept (database error ${databaseCode}).`, 'BACKUP_UNUSABLE', { table, databaseCode });
};

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * What the running processes agree on (rate-limit windows, claims of scheduled work) describes them, not the
 * instance: it is never archived, and a restore leaves it as it is.
 */
const PROCESS_TABLES: ReadonlySet<PgTable> = new Set([schema.rateLimitCounters, schema.scheduledClaims]);

/** Every table of the schema that a backup holds, parents before children (foreign keys), so rows can be inserted in order. */
export function tablesInOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable) && !PROCESS_TABLES.has(value));
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
const tableNamesInOrder = () => tablesInOrder().map((table) => getTableConfig(table).name);

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

// ── Writing ─────────────────────────────────────────────────────────────────────────────────────────────

/** Rows are read a page at a time, in the order they are stored, within one snapshot. */
const ROWS_PER_PAGE = 500;

/** Said when the archive's reader went away (its store failed): the writing stops and its snapshot ends. */
class ArchiveAbandoned extends Error {
  constructor() {
    super('The archive was abandoned by its reader.');
    this.name = 'ArchiveAbandoned';
  }
}

/** Writes `chunks` into one tar entry, waiting whenever the archive's reader is behind. */
async function writeEntry(pack: tar.Pack, header: { name: string; size: number }, chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, aborted: Promise<never>): Promise<void> {
  let sink!: ReturnType<tar.Pack['entry']>;
  const written = new Promise<void>((resolve, reject) => {
    sink = pack.entry({ ...header, mode: 0o600, mtime: new Date(0) }, (error) => (error ? reject(error) : resolve()));
  });
  written.catch(() => undefined);
  for await (const chunk of chunks) {
    if (!sink.write(chunk)) await Promise.race([once(sink, 'drain'), aborted, written]);
  }
  (sink as unknown as { end(): void }).end();
  await Promise.race([written, aborted]);
}

export interface BackupStats {
  tables: number;
  rows: number;
  files: number;
}

/**
 * The archive of the database and of every file the storage holds, as a stream: rows a page at a time within
 * one snapshot, files one at a time, at the pace the stream is read. `done` settles when it is all written.
 */
export function writeBackup(handle: DatabaseHandle, storage: StorageProvider, now = new Date()): { stream: Readable; done: Promise<BackupStats> } {
  const pack = tar.pack();
  // The fastest level: pictures, most of an archive, do not compress, and rows compress well enough at it.
  const gzip = createGzip({ level: 1 });
  const abandon = new AbortController();
  let finished = false;
  pack.on('error', (error: Error) => gzip.destroy(error));
  gzip.on('close', () => {
    if (!finished) abandon.abort();
  });
  pack.pipe(gzip);
  const signal = abandon.signal;
  // One promise for the whole archive: every wait on the reader also ends when the reader goes away.
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new ArchiveAbandoned()), { once: true }));
  aborted.catch(() => undefined);
  const done = (async (): Promise<BackupStats> => {
    const names = tableNamesInOrder();
    const migrations = await migrationCount(handle);
    let rows = 0;
    // One snapshot of every table: the rows agree with each other (no memory without its person).
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read`);
      const tables: TableEntry[] = [];
      for (const name of names) {
        const [size] = rowsOf<{ rows: number; bytes: string }>(
          await tx.execute(sql`select count(*)::int as rows, coalesce(sum(octet_length(row_to_json(t)::text) + 1), 0)::text as bytes from ${sql.identifier(name)} t`),
        );
        tables.push({ name, rows: size?.rows ?? 0, bytes: Number(size?.bytes ?? 0) });
      }
      const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: now.toISOString(), migrations, driver: handle.driver, allFiles: true, tables };
      const manifestBytes = Buffer.from(JSON.stringify(manifest));
      await writeEntry(pack, { name: 'manifest.json', size: manifestBytes.length }, [manifestBytes], aborted);
      for (const table of tables) {
        rows += table.rows;
        await writeEntry(pack, { name: `tables/${table.name}.jsonl`, size: table.bytes }, pagesOf(table.name), aborted);
      }
      async function* pagesOf(name: string): AsyncGenerator<string> {
        // Keyset paging on the row's place: each page starts where the last ended, whatever the table's size.
        let after = '(0,0)';
        for (;;) {
          const page = rowsOf<{ at: string; line: string }>(
            await tx.execute(sql`select ctid::text as at, row_to_json(t)::text as line from ${sql.identifier(name)} t where ctid > ${after}::tid order by ctid limit ${ROWS_PER_PAGE}`),
          );
          if (page.length > 0) yield `${page.map((row) => row.line).join('\n')}\n`;
          if (page.length < ROWS_PER_PAGE) return;
          after = page.at(-1)!.at;
        }
      }
    });
    // Sorted, so that two archives of the same content hold the same entries.
    let files = 0;
    for (const key of (await storage.list()).sort()) {
      signal.throwIfAborted();
      const file = await storage.open(key);
      // Removed since it was listed (a memory deleted meanwhile): it is simply not in this archive.
      if (!file) continue;
      try {
        await writeEntry(pack, { name: `files/${key}`, size: file.size }, file.stream, aborted);
      } finally {
        file.stream.destroy();
      }
      files++;
    }
    const end = Buffer.from(JSON.stringify({ end: true, tables: names.length, files }));
    await writeEntry(pack, { name: 'end.json', size: end.length }, [end], aborted);
    finished = true;
    pack.finalize();
    return { tables: names.length, rows, files };
  })();
  done.catch((error: unknown) => gzip.destroy(error as Error));
  return { stream: gzip, done };
}

/**
 * Writes the archive through `write` (a store's `writeStream`) and says what it holds. Of two failures (the
 * store's, and the writing that stopped because of it) the store's is the one to tell.
 */
export async function storeBackup<T>(handle: DatabaseHandle, storage: StorageProvider, now: Date, write: (stream: Readable) => Promise<T>): Promise<BackupStats & { stored: T }> {
  const { stream, done } = writeBackup(handle, storage, now);
  const [stored, stats] = await Promise.allSettled([write(stream), done]);
  if (stats.status === 'rejected' && !(stats.reason instanceof ArchiveAbandoned)) throw stats.reason;
  if (stored.status === 'rejected') throw stored.reason;
  if (stats.status === 'rejected') throw stats.reason;
  return { ...stats.value, stored: stored.value };
}

/** The whole archive in memory: for archives small enough to hold (tests, the command line's checks). */
export async function createBackup(handle: DatabaseHandle, storage: StorageProvider, now = new Date()): Promise<BackupStats & { archive: Buffer }> {
  const { stored, ...stats } = await storeBackup(handle, storage, now, async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  return { ...stats, archive: stored };
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────────────

/** Opens the archive from its start; a restore reads it twice (checks, then changes), so it opens it twice. */
export type ArchiveSource = () => Promise<Readable>;
const sourceOf = (archive: Buffer | ArchiveSource): ArchiveSource => (Buffer.isBuffer(archive) ? () => Promise.resolve(Readable.from([archive])) : archive);

/**
 * The archive decompressed, refused as soon as it unfolds past `maxTotal` or (with `maxExpansion`) past that
 * many times what was read so far. Errors of the gzip layer say the file is not one of ours.
 */
function decompressed(input: Readable, limits: { maxTotal: number; maxExpansion?: number }): Readable {
  let compressed = 0;
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      compressed += chunk.length;
      done(null, chunk);
    },
  });
  const gunzip = createGunzip();
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > limits.maxTotal) return done(tooLarge('more'));
      if (limits.maxExpansion && total > STREAMED_EXPANSION_ALLOWANCE && total > compressed * limits.maxExpansion) return done(tooLarge('more (for its size)'));
      done(null, chunk);
    },
  });
  const fail = (error: Error) => {
    input.destroy();
    bounded.destroy(error instanceof BackupError ? error : notOurs('it is not a gzip archive'));
  };
  input.on('error', fail);
  counter.on('error', fail);
  gunzip.on('error', fail);
  input.pipe(counter).pipe(gunzip).pipe(bounded);
  bounded.on('close', () => {
    input.destroy();
    gunzip.destroy();
  });
  return bounded;
}

/** Which format the archive is: version 1 starts with its JSON manifest, version 2 with a tar header. */
async function formatOf(source: ArchiveSource): Promise<'lines' | 'tar'> {
  const stream = decompressed(await source(), { maxTotal: Number.MAX_SAFE_INTEGER });
  try {
    for await (const chunk of stream) {
      if ((chunk as Buffer).length === 0) continue;
      return (chunk as Buffer)[0] === 0x7b ? 'lines' : 'tar';
    }
    throw notOurs('it is empty');
  } finally {
    stream.destroy();
  }
}

/**
 * Lines of at most `boundOf(first bytes)` bytes each, from a stream of chunks; a longer one is refused as soon
 * as it passes its bound, before it is held whole.
 */
async function* boundedLines(chunks: AsyncIterable<Buffer>, boundOf: (start: Buffer) => number, tooLong: (bound: number) => BackupError): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let bound = Number.MAX_SAFE_INTEGER;
  let known = false;
  const take = (piece: Buffer) => {
    if (piece.length === 0) return;
    pending.push(piece);
    pendingBytes += piece.length;
    if (!known && pendingBytes >= FILE_LINE_START.length) {
      known = true;
      bound = boundOf(Buffer.concat(pending));
    }
    if (pendingBytes > bound) throw tooLong(bound);
  };
  const line = () => {
    const whole = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    bound = Number.MAX_SAFE_INTEGER;
    known = false;
    return whole;
  };
  for await (const chunk of chunks) {
    let from = 0;
    for (let at = chunk.indexOf(10, from); at !== -1; at = chunk.indexOf(10, from)) {
      take(chunk.subarray(from, at));
      if (pendingBytes > 0) yield line();
      from = at + 1;
    }
    take(chunk.subarray(from));
  }
  if (pendingBytes > 0) yield line();
}

interface ReadArchive {
  manifest: BackupManifest;
  tables: Map<string, unknown[]>;
  files: Map<string, Buffer>;
}

/** A version 1 archive read whole (that format cannot be read otherwise), within its bounds. */
async function readLines(source: ArchiveSource): Promise<ReadArchive> {
  const lines: string[] = [];
  const boundOf = (start: Buffer) => (start.subarray(0, FILE_LINE_START.length).equals(FILE_LINE_START) ? MAX_FILE_LINE_BYTES : RESTORE_MAX_TABLE_BYTES);
  const stream = decompressed(await source(), { maxTotal: RESTORE_MAX_TOTAL_BYTES });
  try {
    for await (const line of boundedLines(stream, boundOf, (bound) => tooLarge(bound === MAX_FILE_LINE_BYTES ? 'a larger file' : 'a larger table'))) lines.push(line.toString('utf8'));
  } finally {
    stream.destroy();
  }
  const parse = (line: string | undefined) => {
    try {
      return JSON.parse(line ?? '') as Record<string, unknown>;
    } catch {
      throw notOurs('a line is not JSON');
    }
  };
  const manifest = parse(lines[0]);
  checkManifest(manifest, LEGACY_VERSION);
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
    } else throw new BackupError('This backup holds an entry Souvenir does not know.');
  }
  if (tables.size !== end.tables || files.size !== end.files) throw new BackupError('This backup is incomplete (its counts do not match).');
  return { manifest: manifest as unknown as BackupManifest, tables, files };
}

function checkManifest(manifest: Record<string, unknown>, version: number) {
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') throw notOurs('no Souvenir manifest');
  if (manifest.version !== version) throw new BackupError(`This backup's format version ${manifest.version} is not one this version of Souvenir reads (${LEGACY_VERSION} or ${BACKUP_VERSION}).`);
}

/** What one pass over a version 2 archive does with each entry, once the entry's name and size are checked. */
interface TarVisitor {
  manifest(manifest: BackupManifest): Promise<void>;
  /** The table's rows, each line one row's JSON (a bounded Buffer). */
  table(table: TableEntry, lines: AsyncIterable<Buffer>): Promise<void>;
  file(key: string, body: Readable, size: number): Promise<void>;
}

const readAll = async (stream: AsyncIterable<Buffer>, max: number) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) throw tooLarge('a larger entry');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};
const parseJson = (bytes: Buffer, what: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Said below.
  }
  throw notOurs(`its ${what} is not JSON`);
};

/**
 * One pass over a version 2 archive: every entry's name, kind, order and size is checked against the
 * manifest before the visitor reads it, and the end entry's counts against what was seen.
 */
async function walkTar(source: ArchiveSource, visit: TarVisitor): Promise<{ manifest: BackupManifest; rows: number; files: number }> {
  const input = decompressed(await source(), { maxTotal: STREAMED_MAX_TOTAL_BYTES, maxExpansion: STREAMED_MAX_EXPANSION });
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  let manifest: BackupManifest | null = null;
  let nextTable = 0;
  let rows = 0;
  let files = 0;
  let ended = false;
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      const body = entry as unknown as AsyncIterable<Buffer>;
      if (ended) throw new BackupError('This backup holds entries after its end.');
      if (type !== 'file') throw new BackupError('This backup holds an entry Souvenir does not know.');
      if (!manifest) {
        if (name !== 'manifest.json') throw notOurs('no Souvenir manifest');
        const read = parseJson(await readAll(body, MAX_META_BYTES), 'manifest');
        checkManifest(read, BACKUP_VERSION);
        const tables = read.tables;
        if (!Array.isArray(tables) || !tables.every((t: TableEntry) => typeof t?.name === 'string' && Number.isSafeInteger(t.rows) && t.rows >= 0 && Number.isSafeInteger(t.bytes) && t.bytes >= 0)) {
          throw notOurs('its manifest lists no tables');
        }
        for (const table of tables as TableEntry[]) if (table.bytes > STREAMED_MAX_TABLE_BYTES) throw tooLarge('a larger table');
        manifest = read as unknown as BackupManifest;
        await visit.manifest(manifest);
        continue;
      }
      const tables = manifest.tables!;
      if (name.startsWith('tables/')) {
        const table = tables[nextTable++];
        if (!table || name !== `tables/${table.name}.jsonl`) throw new BackupError('This backup holds its tables out of order or one its manifest does not list.');
        if (size !== table.bytes) throw new BackupError('This backup is incomplete (a table is not the size its manifest says).');
        let seen = 0;
        const lines = boundedLines(
          body,
          () => STREAMED_MAX_ROW_BYTES,
          () => tooLarge('a larger row'),
        );
        await visit.table(
          table,
          (async function* () {
            for await (const line of lines) {
              seen++;
              yield line;
            }
          })(),
        );
        if (seen !== table.rows) throw new BackupError('This backup is incomplete (a table does not hold the rows its manifest says).');
        rows += seen;
      } else if (name.startsWith('files/')) {
        if (nextTable !== tables.length) throw new BackupError('This backup is incomplete (a table its manifest lists is missing).');
        if (size > STREAMED_MAX_FILE_BYTES) throw tooLarge('a larger file');
        await visit.file(safeKey(name.slice('files/'.length)), Readable.from(body, { objectMode: false }), size);
        files++;
      } else if (name === 'end.json') {
        const end = parseJson(await readAll(body, MAX_META_BYTES), 'end');
        if (end.end !== true || end.tables !== tables.length || end.files !== files || nextTable !== tables.length) throw new BackupError('This backup is incomplete (its counts do not match).');
        ended = true;
      } else {
        throw new BackupError('This backup holds an entry Souvenir does not know.');
      }
    }
  } catch (error) {
    extract.destroy();
    input.destroy();
    if (error instanceof BackupError) throw error;
    // A tar that cannot be parsed, or a stream that broke off.
    if (error instanceof Error && /tar|header|unexpected end|premature/i.test(error.message)) throw notOurs('it is not a complete archive');
    throw error;
  }
  if (!manifest) throw notOurs('no Souvenir manifest');
  if (!ended) throw new BackupError('This backup is incomplete (it was cut short).');
  return { manifest, rows, files };
}

const drain = async (stream: AsyncIterable<unknown>) => {
  for await (const _ of stream) void _;
};

/**
 * Reads and checks a whole archive in memory, either format: for inspection and tests. A restore never
 * holds an archive this way.
 */
export async function readBackup(archive: Buffer): Promise<ReadArchive> {
  const source = sourceOf(archive);
  if ((await formatOf(source)) === 'lines') return readLines(source);
  const tables = new Map<string, unknown[]>();
  const files = new Map<string, Buffer>();
  let manifest: BackupManifest | null = null;
  await walkTar(source, {
    async manifest(read) {
      manifest = read;
    },
    async table(table, lines) {
      const rows: unknown[] = [];
      for await (const line of lines) rows.push(JSON.parse(line.toString('utf8')));
      tables.set(table.name, rows);
    },
    async file(key, body) {
      files.set(key, await readAll(body, STREAMED_MAX_FILE_BYTES));
    },
  });
  return { manifest: manifest!, tables, files };
}

// ── Restoring ───────────────────────────────────────────────────────────────────────────────────────────

/** Rows go into their table a batch at a time: few statements, and a bounded batch in memory. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Replaces everything with the archive's content, either format, so that a failure leaves the instance as it
 * was. The archive is read once to check it whole (manifest, every entry's name, order and size, every row's
 * JSON, the counts, the decompression bounds) before anything changes; then again inside one transaction that
 * empties and refills every table and writes the archive's files (keys are random, so this adds or rewrites
 * the same bytes and breaks nothing the current rows use). A failure there rolls the tables back and takes
 * back the files it added. Only once the transaction is committed do the files the archive does not hold go.
 * The schema must be the one the backup was made with: the target is migrated first, so a backup from another
 * version is refused before any change.
 */
export async function restoreBackup(handle: DatabaseHandle, storage: StorageProvider, archive: Buffer | ArchiveSource): Promise<{ tables: number; rows: number; files: number }> {
  const source = sourceOf(archive);
  const migrations = await migrationCount(handle);
  const known = tableNamesInOrder();
  const checkSchema = (manifest: BackupManifest, tables: string[]) => {
    if (manifest.migrations !== migrations) {
      throw new BackupError(`This backup was made with ${manifest.migrations} database migrations and this server has ${migrations}: restore it with the same version of Souvenir it was made with.`);
    }
    const unknown = tables.filter((name) => !known.includes(name));
    if (unknown.length > 0) throw new BackupError(`This backup holds tables this server does not have: ${unknown.join(', ')}.`);
  };
  if ((await formatOf(source)) === 'lines') {
    const read = await readLines(source);
    checkSchema(read.manifest, [...read.tables.keys()]);
    return restoreLines(handle, storage, read);
  }

  // First pass: nothing changes.
  await walkTar(source, {
    async manifest(manifest) {
      const names = manifest.tables!.map((t) => t.name);
      checkSchema(manifest, names);
      // Parents before children, as this server orders them, so every row finds the row it points at.
      const order = known.filter((name) => names.includes(name));
      if (new Set(names).size !== names.length || names.some((name, i) => name !== order[i])) throw new BackupError('This backup holds its tables out of order.');
    },
    async table(table, lines) {
      for await (const line of lines) {
        const row = parseJson(line, `table ${table.name}`);
        void row;
      }
    },
    file: (_key, body) => drain(body),
  });

  const before = new Set(await storage.list());
  const added: string[] = [];
  const kept = new Set<string>();
  let result: { rows: number; files: number; tables: number } = { rows: 0, files: 0, tables: 0 };
  try {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`truncate ${known.map((name) => `"${name}"`).join(', ')} cascade`));
      const insert = async (table: string, batch: Buffer[]) => {
        if (batch.length === 0) return;
        const json = `[${batch.map((line) => line.toString('utf8')).join(',')}]`;
        try {
          await tx.execute(sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`);
        } catch (error) {
          throw refusedValue(table, error);
        }
      };
      const walked = await walkTar(source, {
        async manifest() {},
        async table(table, lines) {
          let batch: Buffer[] = [];
          let bytes = 0;
          for await (const line of lines) {
            batch.push(line);
            bytes += line.length;
            if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
              await insert(table.name, batch);
              batch = [];
              bytes = 0;
            }
          }
          await insert(table.name, batch);
        },
        async file(key, body, size) {
          // A folder's stray files (a desktop's index, an editor's copy) are no file of ours.
          if (!STORAGE_KEY_PATTERN.test(key)) return drain(body);
          await storage.putStream(key, body, size);
          kept.add(key);
          if (!before.has(key)) added.push(key);
        },
      });
      result = { rows: walked.rows, files: kept.size, tables: walked.manifest.tables!.length };
    });
  } catch (error) {
    await eachFile(added, (key) => storage.remove(key)).catch(() => undefined);
    throw error;
  }
  await removeOthers(storage, before, kept);
  return result;
}

/** The files the archive does not hold go; an image's removal takes its thumbnail and renditions too. */
async function removeOthers(storage: StorageProvider, before: Set<string>, kept: Set<string>) {
  // Shorter keys first, each family once.
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

/** A version 1 archive, held in memory within its bounds: files first, then the tables in one transaction. */
async function restoreLines(handle: DatabaseHandle, storage: StorageProvider, read: ReadArchive): Promise<{ tables: number; rows: number; files: number }> {
  const tables = tableNamesInOrder();
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
      await tx.execute(sql.raw(`truncate ${tables.map((name) => `"${name}"`).join(', ')} cascade`));
      for (const name of tables) {
        const tableRows = read.tables.get(name) ?? [];
        if (tableRows.length === 0) continue;
        rows += tableRows.length;
        try {
          await tx.execute(sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(tableRows)}::json)`);
        } catch (error) {
          throw refusedValue(name, error);
        }
      }
    });
  } catch (error) {
    await takeBackAdded();
    throw error;
  }
  // An older archive without a single file may come from a bucket whose files were left out: then it says
  // nothing of them, and they stay.
  if (read.manifest.allFiles === true || read.files.size > 0) await removeOthers(storage, before, new Set(files.map(([key]) => key)));
  return { tables: read.tables.size, rows, files: files.length };
}
