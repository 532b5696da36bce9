// A fixture lint must reject (scripts/lint-rules.test.ts): a.ts and b.ts import each other.
import { b } from './b';

export const a = () => b() + 1;
