// Archives made wrong on purpose, for the restore's refusals: a value a table does not accept, and archives
// that unfold into far more than they weigh (runs of zeros compress about a thousand to one).
import { once } from 'node:events';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';

/** Gzips the parts as a stream, so hundreds of megabytes of text never sit in memory at once. */
export async function gzipParts(parts: Iterable<string>): Promise<Buffer> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(gzip, 'end');
  for (const part of parts) if (!gzip.write(part)) await once(gzip, 'drain');
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

/** The archive with one value of one table's first row replaced. */
export function withValue(archive: Buffer, table: string, column: string, value: unknown): Buffer {
  const lines = gunzipSync(archive).toString('utf8').trim().split('\n');
  const changed = lines.map((line) => {
    const entry = JSON.parse(line) as { table?: string; rows?: Record<string, unknown>[] };
    if (entry.table !== table) return line;
    if (!entry.rows?.[0]) throw new Error(`The archive has no row of ${table} to change.`);
    entry.rows[0][column] = value;
    return JSON.stringify(entry);
  });
  return gzipSync(`${changed.join('\n')}\n`);
}

/** The manifest line of an archive (the first line). */
export const manifestLineOf = (archive: Buffer) => `${gunzipSync(archive).toString('utf8').split('\n', 1)[0]}\n`;
