// Linted by scripts/lint-rules.test.ts as if it stood at src/server/providers/imports-a-module.ts, where its import points (tsconfig leaves it out).
import * as memories from '../modules/memories/service';

export const fixture = memories;
