// Building blocks of the bad-input suite (tests/bad-input.test.ts): JSON bodies taken apart and put back
// wrong, the raw bodies no parser should accept, odd text, and a fingerprint of everything the app stores.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Database } from '@server/db/client';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = ReadonlyArray<string | number>;

/** Anything with zod's safeParse: the contract a route validates its body with. */
export interface Contract {
  safeParse(value: unknown): { success: boolean };
}

/** One request body exactly as sent: the bytes, their declared type (none: no header) and what it tries. */
export interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType?: string;
}

export const labelOf = (at: Path) => (at.length === 0 ? '(body)' : at.join('.'));

/** A deep copy through JSON text, which keeps own `__proto__` keys as plain keys. */
const copy = (value: Json): Json => JSON.parse(JSON.stringify(value)) as Json;

const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every node below the root, depth first, with its path. */
export function nodesOf(value: Json, at: Path = []): Array<{ path: Path; value: Json }> {
  const children: Array<[string | number, Json]> = Array.isArray(value) ? value.map((v, i) => [i, v]) : isObject(value) ? Object.entries(value) : [];
  return children.flatMap(([key, child]) => [{ path: [...at, key], value: child }, ...nodesOf(child, [...at, key])]);
}

export function valueAt(root: Json, at: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of at) node = Array.isArray(node) ? node[key as number] : isObject(node) ? node[key as string] : undefined;
  return node;
}

/** Sets an own, enumerable property, even one named `__proto__` (which plain assignment would not create). */
function setOwn(target: { [key: string]: Json } | Json[], key: string | number, value: Json) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `root` with the node at `at` replaced by `next`, or removed when `next` is undefined. */
export function replaced(root: Json, at: Path, next: Json | undefined): Json {
  const result = copy(root);
  const parent = valueAt(result, at.slice(0, -1));
  const key = at.at(-1);
  if (key === undefined) return next === undefined ? result : next;
  // Below a value that is no longer an object or array (an earlier change replaced it): nothing to change.
  if (!Array.isArray(parent) && !isObject(parent)) return result;
  if (next !== undefined) setOwn(parent, key, next);
  else if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete parent[key as string];
  return result;
}

/** A copy of `root` with one more key (any name, `__proto__` included) in the object at `at`. */
export function withKey(root: Json, at: Path, key: string, value: Json): Json {
  const result = copy(root);
  const target = valueAt(result, at);
  if (isObject(target)) setOwn(target, key, value);
  return result;
}

export const json = (label: string, value: Json): RawBody => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });

/** Where the objects of a body are, the root included: where unknown keys can be slipped in. */
export const objectPaths = (valid: Json): Path[] => [...(isObject(valid) ? [[]] : []), ...nodesOf(valid).filter((n) => isObject(n.value)).map((n) => n.path)];

/**
 * The shortest version of the string at `at` (its valid value, then more letters) the contract refuses:
 * just past its maximum (or past the one value an enum, an id or a pattern accepts). Null when the
 * contract takes even a megabyte more: only the body limit stops that one.
 */
export function justPastMaximum(contract: Contract, valid: Json, at: Path): string | null {
  const base = valueAt(valid, at);
  if (typeof base !== 'string') return null;
  const accepts = (extra: number) => contract.safeParse(replaced(valid, at, base + 'a'.repeat(extra))).success;
  if (!accepts(0)) return null;
  let accepted = 0;
  let refused = 1;
  while (accepts(refused)) {
    accepted = refused;
    refused *= 2;
    if (refused > 1024 * 1024) return null;
  }
  while (refused - accepted > 1) {
    const middle = Math.floor((accepted + refused) / 2);
    if (accepts(middle)) accepted = middle;
    else refused = middle;
  }
  return base + 'a'.repeat(refused);
}

/** Above the server's 1 MB body limit on its own. */
export const HUGE = 'x'.repeat(1024 * 1024 + 16);

/** Text PostgreSQL cannot keep as it is: a NUL is refused by the database, a lone surrogate becomes U+FFFD. */
export const UNSTORABLE_TEXT: Record<string, string> = {
  nul: 'before\u0000after',
  'lone high surrogate': 'before\ud800after',
  'lone low surrogate': 'before\udc00after',
  'reversed surrogate pair': '\udc00\ud83d',
};

/** Text that is unusual but valid Unicode: right-to-left marks, invisible characters, emoji sequences, combining marks. */
export const ODD_TEXT = [
  '\u202egnp.exe\u202c',
  'left \u200f\u200e right',
  'zero\u200bwidth\u200c\u200d\u2060',
  '\ufeffbyte order mark',
  '👩‍👩‍👧‍👦 👍🏽 🏳️‍🌈',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  'Z\u0335\u0321\u0322\u031b\u0317\u0318\u0319\u031c\u031d',
  'line\u2028separator\u2029paragraph',
  'bell\u0007 escape\u001b[31m',
  '𝕳𝖊𝖑𝖑𝖔 \u{10ffff} \uffff',
  'مرحبا بالعالم שלום',
  '\t\r\n  ',
];

/** Odd text mixed into an ordinary value, or instead of it. */
export const oddText = (around: string) =>
  fc.oneof(
    fc.constantFrom(...ODD_TEXT).map((odd) => `${around.slice(0, 8)}${odd}${around.slice(8)}`),
    fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 12 }).map((odd) => `${around} ${odd}`),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  );

const typeOf = (value: Json) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A JSON value of any type but the one `value` has. */
export function otherType(value: Json): fc.Arbitrary<Json> {
  const small = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  const byType: Record<string, fc.Arbitrary<Json>> = {
    null: fc.constant(null),
    boolean: fc.boolean(),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e308, -0, 2 ** 53 + 1)),
    string: fc.string({ maxLength: 20 }),
    array: fc.array(small, { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 8 }), small, { maxKeys: 3 }),
  };
  return fc.oneof(...Object.entries(byType).filter(([type]) => type !== typeOf(value)).map(([, arbitrary]) => arbitrary));
}

/** One value of each other JSON type, to try on every field in turn (the random runs try many more). */
export function wrongTypes(value: Json): Json[] {
  const samples: Json[] = [null, true, -1.5, 'text', [value], {}];
  return samples.filter((sample) => typeOf(sample) !== typeOf(value));
}

/** The name Object.prototype would get if a body polluted it. */
export const POLLUTION_MARK = 'fuzzPolluted';

/** Keys that reach an object's prototype when code merges bodies carelessly. */
export const PROTOTYPE_KEYS: Array<[string, Json]> = [
  ['__proto__', { [POLLUTION_MARK]: true, isAdmin: true }],
  ['constructor', { prototype: { [POLLUTION_MARK]: true } }],
  ['prototype', { [POLLUTION_MARK]: true }],
];

/** JSON that is not an object. */
export const NOT_AN_OBJECT: RawBody[] = ['[{}]', '-1.5e308', 'null', 'true', '"text"'].map((text) => ({
  label: `not an object: ${text}`,
  payload: text,
  contentType: 'application/json',
}));

/** Valid JSON nested thousands deep: a recursive reader would run out of stack. */
export const DEEP: RawBody[] = [
  { label: 'arrays nested 10 000 deep', payload: '['.repeat(10_000) + ']'.repeat(10_000), contentType: 'application/json' },
  { label: 'objects nested 10 000 deep', payload: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), contentType: 'application/json' },
];

/** Not JSON at all, though declared so. */
export const MALFORMED: RawBody[] = [
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  '{}}',
  '{"a": "\\x"}',
  '{"a": NaN}',
  '\u0000',
  '['.repeat(5000),
].map((text) => ({ label: `malformed JSON: ${JSON.stringify(text.slice(0, 12))}`, payload: text, contentType: 'application/json' }));

/** The body in a form the route does not take, or with no type at all. */
export const wrongContentTypes = (valid: Json): RawBody[] => [
  { label: 'form-encoded', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'XML', payload: '<body><a>1</a></body>', contentType: 'application/xml' },
  { label: 'JSON declared as text', payload: JSON.stringify(valid), contentType: 'text/plain' },
  { label: 'JSON as multipart', payload: `--b\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify(valid)}\r\n--b--\r\n`, contentType: 'multipart/form-data; boundary=b' },
  { label: 'JSON in UTF-16', payload: Buffer.from(JSON.stringify(valid), 'utf16le'), contentType: 'application/json; charset=utf-16' },
  { label: 'JSON without a content type', payload: JSON.stringify(valid) },
  { label: 'empty JSON body', payload: '', contentType: 'application/json' },
];

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Columns whose change is not a write of the request: better-auth slides a session's expiry (and its
 * updated_at) forward when it reads a session older than its update age. A refused body must not change
 * anything else — the session row itself included (created, revoked, re-pointed).
 */
const SLIDING_COLUMNS: Record<string, string[]> = { sessions: ['expires_at', 'updated_at'] };
/**
 * What the processes share to count requests and claim scheduled work: a refused request is still counted by the
 * throttles (that is their job), and neither is what a person stored.
 */
const PROCESS_TABLES = new Set(['rate_limit_counters', 'scheduled_claims']);

/**
 * A fingerprint of everything the app stores: each table's row count and a hash of its rows, and each
 * file of the data folder with a hash of its bytes.
 */
export async function snapshot(db: Database, dataDir: string) {
  const tables = rowsOf<{ tablename: string }>(await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`))
    .map((r) => r.tablename)
    .filter((table) => !PROCESS_TABLES.has(table));
  // One statement for all tables: one round trip, however many tables there are.
  const perTable = tables.map((table) => {
    const row = `(to_jsonb(t)${(SLIDING_COLUMNS[table] ?? []).map((column) => ` - '${column}'`).join('')})::text`;
    return `select '${table}' as name, count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${table}" t`;
  });
  const state: Record<string, string> = {};
  for (const { name, n, digest } of rowsOf<{ name: string; n: number; digest: string }>(await db.execute(sql.raw(perTable.join(' union all '))))) {
    state[`table ${name}`] = `${n} rows, ${digest}`;
  }
  for (const file of filesUnder(dataDir)) state[`file ${path.relative(dataDir, file)}`] = createHash('sha256').update(readFileSync(file)).digest('hex');
  return state;
}

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every row of every table as text: to prove a marker sent in a body was not kept anywhere. */
export async function storedText(db: Database): Promise<string> {
  const tables = rowsOf<{ tablename: string }>(await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)).map((r) => r.tablename);
  let text = '';
  for (const table of tables) text += rowsOf<{ row: string }>(await db.execute(sql.raw(`select t::text as row from "${table}" t`))).map((r) => r.row).join('\n');
  return text;
}
