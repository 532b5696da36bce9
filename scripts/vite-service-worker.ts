// Builds the service worker (src/web/sw/worker.ts) into the web app's root as /sw.js, with the list of the
// files that make the app shell and a version drawn from their contents (decision 0031). Build only: the dev
// server has no worker, and the app registers none there.
import { createHash } from 'node:crypto';
import { build, type Plugin } from 'vite';

/** Output file, at the root so its scope is the whole app. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The emitted files the shell needs to start with no network: the page, every script and stylesheet, and the
 * Latin fonts English and French need. Source maps, other alphabets' fonts (fetched and kept when a page uses
 * them) and anything else are left out.
 */
export function shellFiles(fileNames: readonly string[]): string[] {
  return fileNames
    .filter(
      (name) =>
        name === 'index.html' ||
        (name.startsWith('assets/') && (/\.(js|css)$/.test(name) || /-latin(-ext)?-[^/]*\.woff2$/.test(name))),
    )
    .sort();
}

/** Same contents, same version: a rebuild of the same code keeps the installed cache. */
export function shellVersion(contents: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const content of contents) hash.update(content);
  return hash.digest('hex').slice(0, 16);
}

export function serviceWorker(opts: { entry: string }): Plugin {
  let base = '/';
  return {
    name: 'souvenir-service-worker',
    apply: 'build',
    // After index.html is emitted, so it can be listed.
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const files = shellFiles(Object.keys(bundle));
      const contents = files.map((name) => {
        const output = bundle[name]!;
        return output.type === 'chunk' ? output.code : output.source;
      });
      const code = await compileWorker(opts.entry, {
        __SHELL_FILES__: JSON.stringify(files.map((name) => `${base}${name}`)),
        __SHELL_VERSION__: JSON.stringify(shellVersion(contents)),
      });
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: code });
    },
  };
}

/** One classic script (every browser that installs apps runs those), with the constants filled in. */
async function compileWorker(entry: string, define: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      write: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: false,
      lib: { entry, formats: ['iife'], name: 'souvenirServiceWorker', fileName: () => SERVICE_WORKER_FILE },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((item) => item.type === 'chunk');
    if (chunk) return chunk.code;
  }
  throw new Error(`Building the service worker from ${entry} produced no script`);
}
