// Linted by scripts/lint-rules.test.ts as if it stood at src/server/modules/memories/imports-another-service.ts, where its import points (tsconfig leaves it out).
import * as support from '../support/service';

export const fixture = support;
