import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunId: string;
  }
}

/**
 * With TEST_DATABASE_URL (an account allowed to create databases), each test worker creates its own
 * database named souvenir_test_<run>_<worker>; they are all dropped when the run ends.
 */
export default function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('pgRunId', runId);
  const url = process.env.TEST_DATABASE_URL;
  if (!url || project.config.env?.TEST_DB !== 'postgres') return;

  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`souvenir_test_${runId}_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
