// Archives made on purpose: in the first format (gzip'd JSON lines, as earlier releases wrote them), with a
// value a table does not accept, and archives that unfold into far more than they weigh (runs of zeros
// compress about a thousand to one).
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import tar from 'tar-stream';
import { tablesInOrder } from '@server/db/backup';
import type { DatabaseHandle } from '@server/db/client';
import type { StorageProvider } from '@server/providers/storage/index';

/** Gzips the parts as a stream, so hundreds of megabytes of text never sit in memory at once. */
export async function gzipParts(parts: Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<Buffer> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, 'end');
  for await (const part of parts) if (!gzip.write(part)) await once(gzip, 'drain');
  gzip.end();
  await ended;
  return Buffer.concat(chunks);
}

const MIB_OF_A = 'A'.repeat(1024 * 1024);

/** `length` characters of base64 zeros (or of any text: a table's row), a mebibyte at a time. */
export function* runOf(length: number): Generator<string> {
  for (let left = length; left > 0; left -= MIB_OF_A.length) yield left >= MIB_OF_A.length ? MIB_OF_A : MIB_OF_A.slice(0, left);
}

/** One line of the first archive format holding a file of `bytes` zeros under `key`. */
export function* fileLineOfZeros(key: string, bytes: number): Generator<string> {
  yield `{"file":${JSON.stringify(key)},"data":"`;
  yield* runOf(Math.ceil(bytes / 3) * 4);
  yield '"}\n';
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** An archive of the first format, as the releases before the streamed one wrote it. */
export async function legacyArchive(handle: DatabaseHandle, storage: StorageProvider): Promise<Buffer> {
  const [migrations] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  const lines = [JSON.stringify({ format: 'souvenir-backup', version: 1, createdAt: new Date().toISOString(), migrations: migrations?.n ?? 0, driver: handle.driver, allFiles: true })];
  const tables = tablesInOrder().map((table) => getTableConfig(table).name);
  for (const name of tables) {
    const [row] = rowsOf<{ rows: unknown[] }>(await handle.db.execute(sql`select coalesce(json_agg(t), '[]'::json) as rows from ${sql.identifier(name)} t`));
    lines.push(JSON.stringify({ table: name, rows: row?.rows ?? [] }));
  }
  let files = 0;
  for (const key of (await storage.list()).sort()) {
    const file = await storage.get(key);
    if (!file) continue;
    lines.push(JSON.stringify({ file: key, data: file.body.toString('base64') }));
    files++;
  }
  lines.push(JSON.stringify({ end: true, tables: tables.length, files }));
  return gzipSync(`${lines.join('\n')}\n`);
}

export interface TarEntry {
  name: string;
  body: Buffer;
}

/** The entries of a streamed (tar) archive, in order. */
export async function tarEntries(archive: Buffer): Promise<TarEntry[]> {
  const extract = tar.extract();
  Readable.from([gunzipSync(archive)]).pipe(extract);
  const entries: TarEntry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

/** A streamed archive of these entries; an entry may be a generated stream of `size` bytes. */
export async function tarArchive(entries: Array<TarEntry | { name: string; size: number; chunks: () => Iterable<string | Buffer> }>): Promise<Buffer> {
  const pack = tar.pack();
  const zipped = gzipParts(pack as unknown as AsyncIterable<Buffer>);
  for (const entry of entries) {
    if ('body' in entry) {
      await new Promise<void>((resolve, reject) => pack.entry({ name: entry.name }, entry.body, (error) => (error ? reject(error) : resolve())));
      continue;
    }
    await new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name: entry.name, size: entry.size }, (error) => (error ? reject(error) : resolve()));
      void (async () => {
        for (const chunk of entry.chunks()) if (!sink.write(chunk)) await once(sink, 'drain');
        (sink as unknown as { end(): void }).end();
      })();
    });
  }
  pack.finalize();
  return zipped;
}

/** The archive (either format) with one value of one table's first row replaced. */
export async function withValue(archive: Buffer, table: string, column: string, value: unknown): Promise<Buffer> {
  const text = gunzipSync(archive);
  if (text[0] === 0x7b) {
    const changed = text.toString('utf8').trim().split('\n').map((line) => {
      const entry = JSON.parse(line) as { table?: string; rows?: Record<string, unknown>[] };
      if (entry.table !== table) return line;
      if (!entry.rows?.[0]) throw new Error(`The archive has no row of ${table} to change.`);
      entry.rows[0][column] = value;
      return JSON.stringify(entry);
    });
    return gzipSync(`${changed.join('\n')}\n`);
  }
  const entries = await tarEntries(archive);
  const tableEntry = entries.find((entry) => entry.name === `tables/${table}.jsonl`);
  if (!tableEntry || tableEntry.body.length === 0) throw new Error(`The archive has no row of ${table} to change.`);
  const [first, ...rest] = tableEntry.body.toString('utf8').split('\n');
  tableEntry.body = Buffer.from([JSON.stringify({ ...(JSON.parse(first!) as object), [column]: value }), ...rest].join('\n'));
  const manifest = entries[0]!;
  const read = JSON.parse(manifest.body.toString('utf8')) as { tables: Array<{ name: string; bytes: number }> };
  read.tables.find((t) => t.name === table)!.bytes = tableEntry.body.length;
  manifest.body = Buffer.from(JSON.stringify(read));
  return tarArchive(entries);
}

/** The manifest line of an archive of the first format. */
export const manifestLineOf = (archive: Buffer) => `${gunzipSync(archive).toString('utf8').split('\n', 1)[0]}\n`;
