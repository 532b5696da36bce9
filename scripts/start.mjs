// `npm start`: build what is missing or stale, then run the compiled server (which migrates and seeds).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const stale =
  outputs.some((f) => !existsSync(f)) || Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < newest('src');

if (stale) {
  console.log('Building Souvenir (first start or sources changed)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const r = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
