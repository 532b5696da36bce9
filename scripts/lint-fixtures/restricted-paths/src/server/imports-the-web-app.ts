// Linted by scripts/lint-rules.test.ts as if it stood at src/server/imports-the-web-app.ts, where its import points (tsconfig leaves it out).
import { wholeStylesheet } from '../web/lib/page-styles';

export const fixture = wholeStylesheet;
