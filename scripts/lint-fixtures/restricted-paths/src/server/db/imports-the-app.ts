// Linted by scripts/lint-rules.test.ts as if it stood at src/server/db/imports-the-app.ts, where its import points (tsconfig leaves it out).
import { buildApp } from '../app';

export const fixture = buildApp;
