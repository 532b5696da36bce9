// Bundles the API server (src/server/main.ts) into dist/server/main.js, and the backup command
// (src/server/backup-cli.ts) beside it for installs without dev dependencies; npm packages stay external.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/server/main.ts'], outfile: 'dist/server/main.js' });
await build({ ...common, entryPoints: ['src/server/backup-cli.ts'], outfile: 'dist/server/backup-cli.js' });
// The local model's worker thread runs from its own file, found beside main.js at run time.
await build({ ...common, entryPoints: ['src/server/providers/local-model/worker.ts'], outfile: 'dist/server/local-model-worker.js' });
// So does the thread that draws the privacy policy's Markdown (src/server/modules/privacy/policy-drawer.ts).
await build({ ...common, entryPoints: ['src/server/modules/privacy/policy-draw-worker.ts'], outfile: 'dist/server/privacy-policy-worker.js' });
