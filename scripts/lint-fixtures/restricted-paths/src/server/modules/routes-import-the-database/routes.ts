// Linted by scripts/lint-rules.test.ts as if it stood at src/server/modules/routes-import-the-database/routes.ts, where its import points (tsconfig leaves it out).
import * as client from '../../db/client';

export const fixture = client;
