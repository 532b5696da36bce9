// A stop that always ends: the built server is stopped with SIGTERM in the middle of a journey (chat replies
// streaming, a memory being made, keep-alive sockets idle, a request half sent), after whoever started it has stopped
// reading its output, and must exit 0 before the 10 s that `docker stop` gives it. Exit 0 is only given once the app
// has closed, its database last. The repeated version, which catches a hang that happens one stop in many:
// `npm run bench -- shutdown`.
import { describe, expect, it } from 'vitest';
import { stopDuringJourney } from './support/shutdown-journey';

const STOP_LIMIT_MS = 10_000;

describe('stopping the server', () => {
  it('exits 0 within the limit with streams, a generation and keep-alive sockets open and its logs unread', async () => {
    const stop = await stopDuringJourney({ waitMs: STOP_LIMIT_MS, unreadLogs: true });
    expect(stop.code, stop.signal === 'SIGKILL' ? `still running ${STOP_LIMIT_MS} ms after SIGTERM` : `exit code ${stop.code}`).toBe(0);
  }, 150_000);
});
