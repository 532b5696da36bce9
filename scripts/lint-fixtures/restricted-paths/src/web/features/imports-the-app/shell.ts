// Linted by scripts/lint-rules.test.ts as if it stood at src/web/features/imports-the-app/shell.ts, where its import points (tsconfig leaves it out).
import * as providers from '../../app/providers';

export const fixture = providers;
