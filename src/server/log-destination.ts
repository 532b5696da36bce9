import { Writable } from 'node:stream';

/** What may wait in memory for a reader that has stopped reading; past it, lines are dropped and counted. */
const MAX_PENDING_BYTES = 1 << 20;

export interface LogDestination extends Writable {
  /** Waits for the lines still pending to be taken by the reader, for at most `ms`. */
  flush(ms: number): Promise<void>;
}

/**
 * Where the server's log lines go: standard output, never written in a way that can hold the event loop. pino's
 * own destination writes synchronously and, when whoever reads the pipe stops reading (a test runner that has what
 * it wanted, a stalled log shipper), retries the full pipe for ever on the main thread: every timer, the stop signal's
 * handler included, then waits with it, and only SIGKILL ends the process. Here a line goes through Node's own stream,
 * which queues what the pipe cannot take yet; what waits is bounded, and lines past the bound are dropped and counted
 * rather than held in memory. (A file or a terminal is written synchronously by Node, as before: neither stops taking
 * lines.)
 */
export function createLogDestination(out: Writable = process.stdout, maxPending = MAX_PENDING_BYTES): LogDestination {
  let dropped = 0;
  // A reader that has gone away (EPIPE) leaves the lines nowhere to go; that is no reason to stop the server.
  out.on('error', () => {});
  const destination = new Writable({
    // Every line is handed on at once: nothing waits in this stream, only in `out`'s own queue.
    write(line: Buffer | string, _encoding, done) {
      if (out.writableLength > maxPending) {
        dropped += 1;
      } else {
        if (dropped > 0) {
          out.write(`${JSON.stringify({ level: 40, time: Date.now(), dropped, msg: 'log lines dropped: nobody was reading them' })}\n`);
          dropped = 0;
        }
        out.write(line);
      }
      done();
    },
  });
  return Object.assign(destination, {
    flush(ms: number): Promise<void> {
      if (out.writableLength === 0 || out.destroyed) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        out.once('drain', done);
        function done() {
          clearTimeout(timer);
          out.off('drain', done);
          resolve();
        }
      });
    },
  });
}
