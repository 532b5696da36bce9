import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DatabaseHandle } from './client';

/** The notification channel every process of one instance listens on. */
const CHANNEL = 'souvenir_changes';
/** Waits before listening again after the line broke: doubled each failure, up to the last. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000];

/**
 * "Something changed" between the processes sharing one PostgreSQL server (docs/decisions/0106): each process
 * tells the others when it answered a change, and hears theirs, through LISTEN/NOTIFY. A notice carries nothing
 * but the sender's id. While a process cannot hear the others (its listening connection broke and is being
 * opened again), `hearing()` is false and what it keeps must not be trusted; when the line is back, listeners are
 * called once, since notices may have been missed meanwhile.
 */
export interface ChangeNotices {
  /** Tells the other processes that something changed here. */
  publish(): void;
  /** `listener` runs on each change made by another process, and when notices may have been missed. */
  subscribe(listener: () => void): void;
  hearing(): boolean;
  /** Settles once the first attempt to listen has ended, heard or not. */
  started(): Promise<void>;
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

/** One process alone on its database (PGlite) has no one to tell and no one to hear. */
const alone: ChangeNotices = { publish() {}, subscribe() {}, hearing: () => true, started: async () => {}, close: async () => {} };

export function createChangeNotices(database: DatabaseHandle, log: Log): ChangeNotices {
  const server = database.server;
  if (!server) return alone;
  const me = randomUUID();
  const listeners: Array<() => void> = [];
  const tellListeners = () => listeners.forEach((listener) => listener());
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  async function listen(): Promise<void> {
    // Named, so that an administrator reading pg_stat_activity knows what the idle connection is for.
    const next = new pg.Client({ connectionString: server!.url, keepAlive: true, application_name: 'souvenir-changes' });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== me) tellListeners();
    });
    // A broken line: stop trusting what is kept, and listen again after a while.
    const broken = (error?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ errorName: error?.name ?? 'ended' }, 'lost the line to the other processes: kept public pages are not served until it is back');
      schedule();
    };
    next.on('error', broken);
    next.on('end', () => broken());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (client !== next) return;
      listening = true;
      failures = 0;
      // Whatever was missed while not listening is forgotten here too.
      tellListeners();
    } catch (error) {
      broken(error instanceof Error ? error : undefined);
    }
  }

  function schedule() {
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, delay);
    retry.unref();
  }

  // Several changes answered while one notice is on its way need only one more after it.
  let sending = false;
  let again = false;
  function publish() {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    server!.pool.query('select pg_notify($1, $2)', [CHANNEL, me]).then(
      () => finishSending(),
      (error: unknown) => {
        log.warn({ errorName: error instanceof Error ? error.name : typeof error }, 'could not tell the other processes of a change');
        finishSending();
      },
    );
  }
  function finishSending() {
    sending = false;
    if (again && !closed) {
      again = false;
      publish();
    }
  }

  const started = listen();
  return {
    started: () => started,
    publish,
    subscribe: (listener) => void listeners.push(listener),
    hearing: () => listening,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      listening = false;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => undefined);
      }
    },
  };
}
