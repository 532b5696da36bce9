// Linted by scripts/lint-rules.test.ts as if it stood at src/server/modules/routes-import-a-repository/routes.ts, where its import points (tsconfig leaves it out).
import * as memories from '../memories/repository';

export const fixture = memories;
