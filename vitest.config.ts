import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

const integration = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    exclude,
    setupFiles: ['tests/setup/integration.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    // One database per worker, reused across files (state is reset between files).
    isolate: false,
    pool: 'forks' as const,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit.ts', 'tests/setup/unit-web.ts'],
          // A component test types and waits through several screens; on a loaded 2-core machine 5 s was too tight.
          testTimeout: 20_000,
        },
      },
      integration('integration', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-pg', { TEST_DB: 'postgres' }, ['tests/server-process.test.ts', 'tests/server-kill.test.ts', 'tests/several-processes.test.ts'])] : []),
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/setup/global-setup.ts'],
          // Two files at a time (maxWorkers): each starts its own server on its own port and data folder and
          // its own Chromium, so they never share state; most of a browser test is waiting, not computing.
          fileParallelism: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
