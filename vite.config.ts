import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pageRules } from './scripts/vite-page-rules.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@shared': r('./src/shared'),
  '@server': r('./src/server'),
  '@web': r('./src/web'),
  '@tests': r('./tests'),
};

/**
 * The libraries every page runs (React, the router, i18next, TanStack Query, zod, the toasts, class helpers):
 * one long-cached chunk, compressed as a whole, instead of pieces named after whichever page first shared them.
 * Everything else splits by route (src/web/app/router.tsx, decision 0029).
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/][^\\/]+|zod|sonner|tailwind-merge|clsx|class-variance-authority|use-sync-external-store)[\\/]/;

/** How src/web/lib/i18n.ts splits the locale namespaces; the same lists as there (scripts/locale-split.test.ts). */
export const BUNDLED_NAMESPACES = ['common', 'errors'];
export const PUBLIC_PAGE_NAMESPACES = ['auth', 'landing', 'shared', 'unsubscribe', 'validation'];
export const OWN_PAGE_NAMESPACES = ['admin', 'billing', 'community', 'exhibitions', 'keeping', 'privacy', 'safety-page', 'support'];

/**
 * The locale files that load on demand do so a language and a group at a time: the public pages' texts
 * (locales-en-public), the signed-in app's (locales-en), each own-page namespace's (locales-en-admin), not one
 * request per file. Bundled files stay with the code that imports them.
 */
export function localeChunkName(moduleId: string): string | null {
  const match = /[\\/]src[\\/]web[\\/]locales[\\/]([a-z]+)[\\/]([a-z-]+)\.json$/.exec(moduleId);
  if (!match) return null;
  const [, language, namespace] = match as unknown as [string, string, string];
  if (BUNDLED_NAMESPACES.includes(namespace)) return null;
  if (PUBLIC_PAGE_NAMESPACES.includes(namespace)) return `locales-${language}-public`;
  return OWN_PAGE_NAMESPACES.includes(namespace) ? `locales-${language}-${namespace}` : `locales-${language}`;
}

// The SPA lives in src/web; the API server (src/server) is built separately by scripts/build-server.mjs. The server
// render of the public pages (src/web/entry-server.tsx) is the same code built for Node into dist/ssr
// (`vite build --ssr`, decision 0038): the browser's build owns the public files, the stylesheet and the chunks.
export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/web'),
  publicDir: isSsrBuild ? false : r('./src/web/public'),
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [pageRules(), serviceWorker({ entry: r('./src/web/sw/worker.ts') })])],
  resolve: { alias },
  // The server render's bundle carries its libraries, React's production build among them, whatever NODE_ENV the
  // server runs with: resolved at run time, React picked its development build under `npm start` and drew each page
  // two to seven times slower (docs/performance.md). Everything React renders with must be in the bundle with it
  // (two copies of React cannot share hooks), and the server then needs none of these packages at run time
  // (docs/self-hosting.md).
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { outDir: r('./dist/ssr'), emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page needs, so the server can name them in the HTML it renders.
    manifest: true,
    // One stylesheet, the first script's: linked by the shell, or on a drawn page carried in part and then loaded
    // without its fonts by the app (src/web/lib/page-styles.ts). Split per chunk, it was named again as each page's
    // dependency and loaded a second time with its @font-face rules, which the browser takes for new faces: text
    // would jump to another font as the app started.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 10 },
            { name: localeChunkName, test: /[\\/]locales[\\/][a-z]+[\\/][a-z-]+\.json$/, priority: 5 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
}));
