// Linted by scripts/lint-rules.test.ts as if it stood at src/shared/imports-the-server.ts, where its import points (tsconfig leaves it out).
import { loadConfig } from '../server/config';

export const fixture = loadConfig;
