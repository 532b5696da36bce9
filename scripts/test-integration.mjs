// `npm run test:integration`: the suite on embedded PGlite, then again on a PostgreSQL server when
// TEST_DATABASE_URL names one (CI starts the machine's PostgreSQL 15 and sets it; see docs/testing.md).
import { spawnSync } from 'node:child_process';

const run = (project) => spawnSync('npx', ['vitest', 'run', '--project', project], { stdio: 'inherit' }).status ?? 1;

let status = run('integration');
if (process.env.TEST_DATABASE_URL) {
  console.log('\n── Integration tests again, on the PostgreSQL server of TEST_DATABASE_URL ──\n');
  // Run it even after a failure on PGlite: a failure on one database says more next to the other's result.
  const pg = run('integration-pg');
  status ||= pg;
} else {
  console.log('\nIntegration tests ran on PGlite only. To run them on PostgreSQL as well, set TEST_DATABASE_URL (see docs/testing.md).');
}
process.exit(status);
