// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the built web app (dist/web), at the
// strongest settings: the server sends them as they are (@fastify/static `preCompressed`, src/server/plugins/web-app.ts)
// to browsers that accept them, so compression costs nothing per request (decision 0029). Run after `vite build`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIR = path.resolve(process.argv[2] ?? 'dist/web');
// Source maps are only read by developer tools; fonts and images are compressed formats already.
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
// Below this, headers outweigh what compression saves.
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for await (const file of files(DIR)) {
  if (!TEXT.has(path.extname(file)) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  // A copy that is not smaller would only cost disk: the server falls back to the plain file.
  if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
  if (gzip.length < content.length) await writeFile(`${file}.gz`, gzip);
  count += 1;
  before += content.length;
  afterBrotli += Math.min(brotli.length, content.length);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Compressed ${count} files of ${path.relative(process.cwd(), DIR) || '.'}: ${kb(before)} → ${kb(afterBrotli)} with Brotli.`);
