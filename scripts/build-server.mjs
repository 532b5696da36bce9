// Bundles the API server (src/server/main.ts) into dist/server/main.js; npm packages stay external.
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
// The local model's worker thread runs from its own file, found beside main.js at run time.
await build({ ...common, entryPoints: ['src/server/providers/local-model/worker.ts'], outfile: 'dist/server/local-model-worker.js' });
