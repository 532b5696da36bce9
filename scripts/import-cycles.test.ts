// No import loop, not even one of types. import-x/no-cycle (lint) skips type-only imports, so a contract declared
// beside the factory that imports its implementations passed it while each implementation imported the contract
// back. dpdm reads every import with the TypeScript compiler, types included, and finds the loops lint leaves.
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

async function loopsIn(files: string[], exclude: RegExp): Promise<string[][]> {
  const tree = await parseDependencyTree(files, { cwd: root, context: root, tsconfig: `${root}tsconfig.json`, transform: false, skipDynamicImports: false, exclude });
  return parseCircular(tree);
}

describe('import loops', () => {
  it('are found when made of type imports only', { timeout: 60_000 }, async () => {
    expect(await loopsIn(['scripts/lint-fixtures/type-import-cycle/*.ts'], /node_modules/)).toEqual([
      ['scripts/lint-fixtures/type-import-cycle/factory.ts', 'scripts/lint-fixtures/type-import-cycle/echo.ts'],
    ]);
  });

  it('are none in the repository', { timeout: 120_000 }, async () => {
    const folders = ['src', 'tests', 'e2e', 'scripts', 'bench'];
    expect(await loopsIn(folders.map((folder) => `${folder}/**/*.{ts,tsx}`), /node_modules|lint-fixtures/)).toEqual([]);
  });
});
