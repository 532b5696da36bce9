// `npm run bench -- shutdown`: the built server stopped with SIGTERM in the middle of a journey, many times over, to
// catch a stop that hangs once in many (the browser tier's e2e/shutdown.test.ts does it once). Half the runs leave
// the server's output unread, as a test runner that has what it wanted does. Figures are printed, not asserted.
import { existsSync } from 'node:fs';
import { SERVER_ENTRY } from '../e2e/support/paths';
import { stopDuringJourney } from '../e2e/support/shutdown-journey';

const RUNS = Number(process.env.BENCH_SHUTDOWN_RUNS ?? 20);
/** Past this the server is killed and the run counted as hung: `docker stop` would have killed it too. */
const LIMIT_MS = 10_000;

export async function benchShutdown() {
  console.log(`\nShutdown: SIGTERM during a journey (3 chat streams, a generation, idle keep-alive sockets, a half-sent request), ${RUNS} runs`);
  if (!existsSync(SERVER_ENTRY)) {
    console.log(`  skipped: no built server at ${SERVER_ENTRY} (npm run build)`);
    return;
  }
  const times: number[] = [];
  const failures: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const unreadLogs = run % 2 === 1;
    const stop = await stopDuringJourney({ waitMs: LIMIT_MS, unreadLogs });
    times.push(stop.ms);
    const label = `  run ${String(run + 1).padStart(2)}${unreadLogs ? ' (logs unread)' : '              '}`;
    if (stop.code === 0) console.log(`${label}  exit 0 in ${stop.ms} ms`);
    else {
      const what = stop.code === null ? `killed after ${LIMIT_MS} ms` : `exit ${stop.code} in ${stop.ms} ms`;
      failures.push(`run ${run + 1}: ${what}`);
      console.log(`${label}  ${what}\n${stop.logs.slice(-2_000)}`);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  ${RUNS - failures.length}/${RUNS} exited 0 within ${LIMIT_MS} ms; median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted.at(-1)} ms`,
  );
  if (failures.length) console.log(`  failed: ${failures.join('; ')}`);
}
