// A fixture lint must reject (scripts/lint-rules.test.ts): b.ts and a.ts import each other.
import { a } from './a';

export const b = (): number => (Math.random() > 2 ? a() : 0);
