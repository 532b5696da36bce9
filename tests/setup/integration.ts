import { beforeAll } from 'vitest';
import { resetDatabase } from '../support/database';
import './unit';

// Runs before each test file: every file starts from an empty, seeded database.
beforeAll(async () => {
  await resetDatabase();
});
