import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/**
 * The time a stop may take, from the signal to the exit: `docker stop` sends SIGKILL after 10 s, and an embedded
 * database killed in the middle of a write is the known way to lose it. Every step below fits inside it.
 */
export const STOP_LIMIT_MS = 10_000;
/** Requests, chat streams and half-sent requests still open this long after the signal are cut. */
export const STOP_GRACE_MS = 4_000;
/** If the app has still not closed by then (a hook waiting on something stuck), the database is closed anyway. */
const CLOSE_DATABASE_BY_MS = 8_000;
/** The database's own close, when it comes to that. */
const DATABASE_CLOSE_MS = 1_000;
/** The last log lines, for a reader that is still reading. */
const LOG_FLUSH_MS = 300;
/** Past this, the main thread itself is held (a native call that never returns): only another thread can end it. */
const HELD_LIMIT_MS = 9_500;

const within = <T>(promise: Promise<T>, ms: number): Promise<{ done: true; value: T } | { done: false }> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({ done: false }), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ done: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * A thread that ends the process if the main thread cannot: a timer of the main thread never fires while that thread
 * is held. It is plain JavaScript in a timer, so the normal exit ends it at once.
 */
function startHeldWatchdog(ms: number): Worker | null {
  const source = `setTimeout(() => { process.stderr.write('Souvenir: the stop was held past ${ms} ms; ending the process.\\n'); process.kill(${process.pid}, 'SIGKILL'); }, ${ms});`;
  try {
    const worker = new Worker(source, { eval: true, stdout: false, stderr: false });
    worker.unref();
    return worker;
  } catch {
    return null;
  }
}

export interface StopDependencies {
  app: FastifyInstance;
  /** Closes the database; called once whatever path the stop takes. */
  closeDatabase: () => Promise<void>;
  /** Gives the last log lines to a reader that is still reading. */
  flushLogs: (ms: number) => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * Stops the server within STOP_LIMIT_MS in every state, the database closed cleanly before the exit:
 * 1. no new connection; idle keep-alive sockets closed; running requests and streams may finish;
 * 2. after STOP_GRACE_MS every connection still open is cut (a chat stream's reader sees it end, as with a lost
 *    network), so the app's close can run its hooks and close the database;
 * 3. if the app has not closed by CLOSE_DATABASE_BY_MS, the database is closed anyway and the exit code says so;
 * 4. if the main thread itself is held, a separate thread ends the process at HELD_LIMIT_MS.
 * A second signal changes nothing: the stop is already bounded.
 */
export function stopOnSignals(deps: StopDependencies, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let databaseClosed: Promise<void> | null = null;
  const closeDatabase = () => (databaseClosed ??= deps.closeDatabase());
  deps.app.addHook('onClose', async () => closeDatabase());

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    startHeldWatchdog(HELD_LIMIT_MS);
    const { app } = deps;
    app.log.info({ signal }, 'shutting down');
    const cut = setTimeout(() => {
      app.log.warn('requests still open at the end of the grace period were cut');
      app.server.closeAllConnections();
    }, STOP_GRACE_MS);
    let code = 0;
    try {
      const closed = await within(app.close(), CLOSE_DATABASE_BY_MS);
      if (!closed.done) {
        code = 1;
        app.log.error('the app did not close in time; closing the database anyway');
        const forced = await within(closeDatabase(), DATABASE_CLOSE_MS);
        if (!forced.done) app.log.error('the database did not close in time');
      }
    } catch (error) {
      code = 1;
      app.log.error({ err: error }, 'error while shutting down');
      await within(closeDatabase(), DATABASE_CLOSE_MS).catch(() => undefined);
    } finally {
      clearTimeout(cut);
    }
    if (code === 0) app.log.info('shut down');
    await deps.flushLogs(LOG_FLUSH_MS);
    exit(code);
  };
  for (const signal of signals) process.on(signal, () => void stop(signal));
}
