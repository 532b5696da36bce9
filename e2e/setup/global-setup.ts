// Runs once before the browser tier. A missing browser or build fails loudly: this tier never skips itself.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, ROOT, SERVER_ENTRY, WEB_INDEX } from '../support/paths';

export default function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  const missing = [SERVER_ENTRY, WEB_INDEX].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `The browser tests run the built app, but ${missing.map((f) => path.relative(ROOT, f)).join(' and ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} missing: run npm run build (npm run test:e2e builds first).`,
    );
  }
  // A stale build is not an error (npm run test:e2e always rebuilds), but it explains confusing failures.
  const built = Math.min(statSync(SERVER_ENTRY).mtimeMs, statSync(WEB_INDEX).mtimeMs);
  if (newestMtime(path.join(ROOT, 'src')) > built) {
    console.warn('[e2e] dist/ is older than src/: testing the last build. Run npm run build (or npm run test:e2e).');
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}
