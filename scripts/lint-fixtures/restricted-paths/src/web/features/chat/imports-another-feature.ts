// Linted by scripts/lint-rules.test.ts as if it stood at src/web/features/chat/imports-another-feature.ts, where its import points (tsconfig leaves it out).
import { deleteMemory } from '../memories/api/delete-memory';

export const fixture = deleteMemory;
