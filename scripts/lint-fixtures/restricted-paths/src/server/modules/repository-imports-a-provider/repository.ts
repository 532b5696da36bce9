// Linted by scripts/lint-rules.test.ts as if it stood at src/server/modules/repository-imports-a-provider/repository.ts, where its import points (tsconfig leaves it out).
import { createMailProvider } from '../../providers/mail/index';

export const fixture = createMailProvider;
