import fs from 'node:fs';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each zone's message is its own: scripts/lint-rules.test.ts finds by it the fixture that proves the zone fires.
const layerZones = [
            // shared is isomorphic: it imports nothing of ours.
            { target: './src/shared', from: ['./src/server', './src/web', './tests', './e2e'], message: 'src/shared imports only zod.' },
            // server and web never import each other.
            { target: './src/server', from: './src/web', message: 'The server never imports the web app.' },
            { target: './src/web', from: './src/server', message: 'The web app never imports the server.' },
            // server layering: db and providers know nothing of modules, plugins or the app.
            { target: './src/server/db', from: ['./src/server/modules', './src/server/plugins', './src/server/app.ts'], message: 'db is the bottom layer.' },
            { target: './src/server/providers', from: ['./src/server/modules', './src/server/plugins'], message: 'Providers know nothing of modules.' },
            // a repository talks to the database only.
            { target: './src/server/modules/*/repository.ts', from: ['./src/server/modules/*/service.ts', './src/server/modules/*/routes.ts'], message: 'Repositories contain Drizzle queries only: they call no service or route.' },
            { target: './src/server/modules/*/repository.ts', from: './src/server/providers', message: 'Repositories contain Drizzle queries only: they call no provider.' },
            // routes do not reach the database or repositories directly.
            { target: './src/server/modules/*/routes.ts', from: './src/server/db', message: 'Routes call services, never the database: services call repositories.' },
            { target: './src/server/modules/*/routes.ts', from: './src/server/modules/*/repository.ts', message: 'Routes call services, never a repository: services call repositories.' },
            // web layering: components and lib import no feature and not the app.
            { target: ['./src/web/components', './src/web/lib'], from: ['./src/web/features', './src/web/app'], message: 'Shared UI and libs import no feature.' },
            { target: './src/web/features', from: './src/web/app', message: 'Features do not import the app shell.' },
          ];

export default tseslint.config(
  // The lint fixtures break rules on purpose; scripts/lint-rules.test.ts lints them on their own.
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/server/db/migrations', '**/*.js', '**/*.mjs', 'scripts/lint-fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // The import rules need to know which files are TypeScript and how to parse them: without these settings
  // import-x/no-cycle followed no import at all and passed every cycle (scripts/lint-rules.test.ts).
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, drizzle, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({ project: './tsconfig.json' }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify hooks and plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // French typography puts non-breaking spaces in texts (before : ; ! ? and inside « »), templates included.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones()] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'e2e/**'],
    // Tests read untyped JSON answers on purpose; the assertions are the types.
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);

function featureZones() {
  // Read feature folders at lint time so adding a feature needs no lint change.
  const zones = [];
  for (const base of ['src/web/features', 'src/server/modules']) {
    if (!fs.existsSync(base)) continue;
    const names = fs.readdirSync(base).filter((n) => fs.statSync(`${base}/${n}`).isDirectory());
    for (const name of names) {
      for (const other of names.filter((n) => n !== name)) {
        zones.push(
          base === 'src/server/modules'
            ? { target: `./${base}/${name}`, from: `./${base}/${other}`, except: ['./service.ts'], message: 'A server module reaches another only through its service.' }
            : { target: `./${base}/${name}`, from: `./${base}/${other}`, message: 'Web features do not import each other.' },
        );
      }
    }
  }
  return zones;
}
