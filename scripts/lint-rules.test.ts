// A lint rule that guards a boundary must prove it fires: each fixture here breaks one on purpose, and lint
// must refuse it. The import-cycle rule once passed every cycle for want of its TypeScript settings.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

const PLACED = 'scripts/lint-fixtures/restricted-paths';

/**
 * What lint reports for each fixture of the import zones, linted as if it stood where its path under
 * scripts/lint-fixtures/restricted-paths says (src/shared/x.ts is linted as src/shared/x.ts): a zone is a rule
 * about where a file is, which a fixture kept in its own folder could not break.
 */
async function lintPlaced() {
  // The cycle rule is left out too: it followed every import of the app from each fixture, for 50 s.
  const overrideConfig = [tseslint.configs.disableTypeChecked, { rules: { 'import-x/no-cycle': 'off' as const } }];
  const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig });
  const files = readdirSync(join(root, PLACED), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const reports: Record<string, string[]> = {};
  for (const file of files.sort()) {
    const placed = file.split('\\').join('/');
    const [result] = await eslint.lintText(readFileSync(join(root, PLACED, file), 'utf8'), { filePath: join(root, placed) });
    reports[placed] = result!.messages.map((message) => `${message.ruleId}: ${message.message.replace(/^Unexpected path .* imported in restricted zone\. /, '')}`);
  }
  return { eslint, reports };
}

describe('lint rules that guard boundaries', () => {
  it('refuses an import cycle (import-x/no-cycle)', { timeout: 60_000 }, async () => {
    expect(await lintFixture('import-cycle')).toEqual({
      'scripts/lint-fixtures/import-cycle/a.ts': ['import-x/no-cycle'],
      'scripts/lint-fixtures/import-cycle/b.ts': ['import-x/no-cycle'],
    });
  });

  it('refuses an import across each zone of import-x/no-restricted-paths, and lets a module reach another\'s service', { timeout: 60_000 }, async () => {
    const { eslint, reports } = await lintPlaced();
    const zone = (message: string) => [`import-x/no-restricted-paths: ${message}`];
    expect(reports).toEqual({
      'src/server/db/imports-the-app.ts': zone('db is the bottom layer.'),
      'src/server/imports-the-web-app.ts': zone('The server never imports the web app.'),
      'src/server/modules/memories/imports-another-repository.ts': zone('A server module reaches another only through its service.'),
      'src/server/modules/memories/imports-another-service.ts': [],
      'src/server/modules/repository-imports-a-provider/repository.ts': zone('Repositories contain Drizzle queries only: they call no provider.'),
      'src/server/modules/repository-imports-a-service/repository.ts': zone('Repositories contain Drizzle queries only: they call no service or route.'),
      'src/server/modules/routes-import-a-repository/routes.ts': zone('Routes call services, never a repository: services call repositories.'),
      'src/server/modules/routes-import-the-database/routes.ts': zone('Routes call services, never the database: services call repositories.'),
      'src/server/providers/imports-a-module.ts': zone('Providers know nothing of modules.'),
      'src/shared/imports-the-server.ts': zone('src/shared imports only zod.'),
      'src/web/features/chat/imports-another-feature.ts': zone('Web features do not import each other.'),
      'src/web/features/imports-the-app/shell.ts': zone('Features do not import the app shell.'),
      'src/web/imports-the-server.ts': zone('The web app never imports the server.'),
      'src/web/lib/imports-a-feature.ts': zone('Shared UI and libs import no feature.'),
    });
    // A zone added to the configuration needs a fixture of its own: each zone's message is found above.
    const config = (await eslint.calculateConfigForFile(join(root, 'src/shared/limits.ts'))) as { rules: Record<string, [unknown, { zones: { message: string }[] }]> };
    const reported = new Set(Object.values(reports).flat());
    for (const { message } of config.rules['import-x/no-restricted-paths']![1].zones) {
      expect(reported, message).toContain(`import-x/no-restricted-paths: ${message}`);
    }
  });
});
