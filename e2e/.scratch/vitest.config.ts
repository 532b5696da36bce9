import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: '/work/main', include: ['e2e/.scratch/*.check.ts'], testTimeout: 60000 } });
