// A fixture scripts/import-cycles.test.ts must reject: it imports a type from the factory that imports it.
import type { Speaker } from './factory';

export const createEcho = (): Speaker => ({ say: (text) => text });
