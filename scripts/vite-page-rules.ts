// Beside each stylesheet of the build, the same without its @font-face rules (`style-abc.rules.css`): what a page
// the server drew with its own styles loads once the app starts (src/server/plugins/page-styles.ts).
import type { Plugin } from 'vite';
import { rulesFileOf, withoutFontFaces } from '../src/server/plugins/page-styles.ts';

export function pageRules(): Plugin {
  return {
    name: 'souvenir-page-rules',
    apply: 'build',
    // After Vite has emitted the stylesheet, and before the service worker lists the files (it comes after this one).
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !output.fileName.endsWith('.css')) continue;
        const css = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
        this.emitFile({ type: 'asset', fileName: rulesFileOf(output.fileName), source: withoutFontFaces(css) });
      }
    },
  };
}
