import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Language } from '@shared/limits';

/**
 * The longest a policy's drawing may take. Ordinary policies take tens of milliseconds (the built-in ones 35 to
 * 70 ms); Markdown parsing is superlinear on some texts: 15 000 `*a` took 5.7 s, 45 000 took 29 s.
 */
export const POLICY_DRAW_MS = 2_000;
/**
 * The largest drawing a page may carry, in characters: three times the largest text. Real prose draws to about 1.3
 * times its length (99 KB of the built-in French policy to 130 KB); 49 000 empty headings would draw to 4.3 MB, sent
 * and escaped into the page's state with every visit.
 */
export const POLICY_HTML_MAX = 300_000;
/** Loading the worker's modules is not part of the drawing's time: about 0.2 s when built, a second under tsx. */
const WORKER_START_MS = 10_000;
/** The drawing of a 100 KB text needs tens of MB; a pathological one is stopped here rather than growing the process. */
const WORKER_HEAP_MB = 256;

export interface DrawJob {
  content: string;
  contactEmail: string;
  language: Language;
}
export type FromDrawWorker = { type: 'ready' } | { type: 'drawn'; html: string } | { type: 'failed'; reason: string };

/**
 * Why a text has no drawing: it took too long, drew too large a page, or failed while drawing (nesting deep enough to
 * exhaust the stack, or the heap) — all the text's doing — or the thread itself could not run, which is not.
 */
export type DrawFailure = 'too-slow' | 'too-large' | 'failed' | 'unavailable';
export type Drawing = { html: string } | { failure: DrawFailure };

/**
 * The bundled file beside the server's bundle in production (scripts/build-server.mjs builds both), or the TypeScript
 * source under tsx and Vitest, where a small bootstrap registers tsx's loader inside the worker first.
 */
function spawnWorker(): Worker {
  const here = import.meta.url;
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!here.endsWith('.ts')) return new Worker(new URL('./privacy-policy-worker.js', here), options);
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./policy-draw-worker.ts', here).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** A thread kept for the next drawing a while after one ends normally: starting one costs 0.2 s, a second under tsx. */
const WORKER_IDLE_MS = 10_000;

interface Thread {
  worker: Worker;
  /** True once its modules are loaded; false if it could not start. */
  ready: Promise<boolean>;
  exited: boolean;
}

function startThread(): Thread | null {
  let worker: Worker;
  try {
    worker = spawnWorker();
  } catch {
    return null;
  }
  // An idle thread never keeps the process alive, nor its end waiting.
  worker.unref();
  const thread: Thread = { worker, ready: Promise.resolve(false), exited: false };
  // An error ends a thread; listened to at all times, so that one while idle is never thrown in the process.
  worker.on('error', () => (thread.exited = true));
  worker.once('exit', () => (thread.exited = true));
  thread.ready = new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), WORKER_START_MS);
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      worker.off('error', failed);
      worker.off('exit', failed);
      resolve(ready);
    };
    const failed = () => settle(false);
    worker.once('message', (message: FromDrawWorker) => settle(message.type === 'ready'));
    worker.once('error', failed);
    worker.once('exit', failed);
  });
  return thread;
}

/**
 * One text drawn by a ready thread, which is ended when the time is up (a drawing never yields, so it cannot stop
 * itself). `reusable`: the thread finished the drawing and may draw the next one.
 */
function drawIn(thread: Thread, job: DrawJob, timeoutMs: number): Promise<{ drawing: Drawing; reusable: boolean }> {
  const { worker } = thread;
  return new Promise((resolve) => {
    const done = (drawing: Drawing, reusable: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      resolve({ drawing, reusable });
    };
    const onMessage = (message: FromDrawWorker) => {
      if (message.type === 'drawn') done(message.html.length > POLICY_HTML_MAX ? { failure: 'too-large' } : { html: message.html }, true);
      else if (message.type === 'failed') done({ failure: 'failed' }, true);
    };
    const onError = (error: Error & { code?: string }) => done({ failure: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'failed' : 'unavailable' }, false);
    const onExit = () => done({ failure: 'unavailable' }, false);
    const timer = setTimeout(() => done({ failure: 'too-slow' }, false), timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}

/**
 * Draws policies off the event loop, one at a time: each takes at most one core, and for no longer than its limit,
 * whatever administrators save at once. A drawing's time counts from when it starts, not while it waits its turn or
 * its thread loads.
 */
export function createPolicyDrawer() {
  let turn: Promise<unknown> = Promise.resolve();
  let idle: { thread: Thread; timer: NodeJS.Timeout } | null = null;

  async function drawNow(job: DrawJob): Promise<Drawing> {
    let thread: Thread | null;
    if (idle && !idle.thread.exited) {
      clearTimeout(idle.timer);
      thread = idle.thread;
    } else {
      thread = startThread();
    }
    idle = null;
    if (!thread || !(await thread.ready)) {
      void thread?.worker.terminate();
      return { failure: 'unavailable' };
    }
    const { drawing, reusable } = await drawIn(thread, job, POLICY_DRAW_MS);
    if (!reusable) {
      void thread.worker.terminate();
      return drawing;
    }
    const kept = thread;
    const timer = setTimeout(() => {
      idle = null;
      void kept.worker.terminate();
    }, WORKER_IDLE_MS);
    timer.unref();
    idle = { thread: kept, timer };
    return drawing;
  }

  return {
    draw(job: DrawJob): Promise<Drawing> {
      const drawing = turn.then(() => drawNow(job));
      turn = drawing;
      return drawing;
    },
  };
}
export type PolicyDrawer = ReturnType<typeof createPolicyDrawer>;
