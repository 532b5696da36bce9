// Linted by scripts/lint-rules.test.ts as if it stood at src/server/modules/memories/imports-another-repository.ts, where its import points (tsconfig leaves it out).
import * as support from '../support/repository';

export const fixture = support;
