// A lint rule that guards a boundary must prove it fires: each fixture here breaks one on purpose, and lint
// must refuse it. The import-cycle rule once passed every cycle for want of its TypeScript settings.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The rules lint reports for each fixture file, with the project's own configuration (fixtures are ignored
 * there). The rules that need type information are left out: they are not what the fixtures test, and
 * building the whole program for them took a minute.
 */
async function lintFixture(folder: string) {
  const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig: [tseslint.configs.disableTypeChecked] });
  const results = await eslint.lintFiles([`scripts/lint-fixtures/${folder}`]);
  return Object.fromEntries(results.map((result) => [result.filePath.slice(root.length), result.messages.map((message) => message.ruleId)]));
}

describe('lint rules that guard boundaries', () => {
  it('refuses an import cycle (import-x/no-cycle)', { timeout: 60_000 }, async () => {
    expect(await lintFixture('import-cycle')).toEqual({
      'scripts/lint-fixtures/import-cycle/a.ts': ['import-x/no-cycle'],
      'scripts/lint-fixtures/import-cycle/b.ts': ['import-x/no-cycle'],
    });
  });
});
