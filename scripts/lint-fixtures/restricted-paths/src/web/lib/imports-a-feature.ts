// Linted by scripts/lint-rules.test.ts as if it stood at src/web/lib/imports-a-feature.ts, where its import points (tsconfig leaves it out).
import { deleteMemory } from '../features/memories/api/delete-memory';

export const fixture = deleteMemory;
