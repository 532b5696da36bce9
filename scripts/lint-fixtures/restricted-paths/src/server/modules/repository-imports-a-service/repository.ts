// Linted by scripts/lint-rules.test.ts as if it stood at src/server/modules/repository-imports-a-service/repository.ts, where its import points (tsconfig leaves it out).
import * as memories from '../memories/service';

export const fixture = memories;
