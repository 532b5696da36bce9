import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ProviderError } from '../provider-error';
import type { ModelEntry } from './catalogue';

export type DownloadState = 'downloading' | 'verifying' | 'done' | 'failed' | 'cancelled' | 'paused';

/**
 * memory: the machine has less RAM than the model needs; disk-full: no room for the file;
 * no-hash: nothing to check the file against; bad-size / bad-hash: the file is not the one expected (removed);
 * http: the server refused (status kept); network: the connection kept failing (the partial file is kept);
 * address: the address, or one it redirected to, is one this server does not call.
 */
export type DownloadFailure = 'memory' | 'disk-full' | 'no-hash' | 'bad-size' | 'bad-hash' | 'http' | 'network' | 'address';

export class DownloadError extends ProviderError<DownloadFailure> {
  constructor(reason: DownloadFailure, status?: number) {
    super('model download', reason, status);
    this.name = 'DownloadError';
  }
}

/** What a progress bar needs. */
export interface DownloadProgress {
  id: string;
  fileName: string;
  state: DownloadState;
  receivedBytes: number;
  totalBytes: number | null;
  failure: DownloadFailure | null;
  status: number | null;
}

export interface DownloadCheck {
  ok: boolean;
  reason: 'memory' | 'disk-full' | 'no-hash' | null;
  memory: { neededBytes: number; totalBytes: number };
  disk: { neededBytes: number | null; freeBytes: number };
}

export interface ModelDownloads {
  /** Whether this machine can take the model: RAM, free disk, a hash to check it against. Nothing is fetched. */
  check(entry: ModelEntry): Promise<DownloadCheck>;
  /** Starts a download in the background (refused with a DownloadError when `check` says no). */
  start(entry: ModelEntry): Promise<DownloadProgress>;
  /** Settles when the download ends, whatever the outcome. */
  finished(id: string): Promise<DownloadProgress>;
  progress(): DownloadProgress[];
  /** Stops a download and removes its partial file. */
  cancel(id: string): Promise<void>;
  /** Continues the downloads a stopped server left unfinished. */
  resume(): Promise<DownloadProgress[]>;
  /** Stops every download, keeping partial files so that `resume` continues them. */
  close(): Promise<void>;
}

export interface ModelDownloadsOptions {
  modelsDir: string;
  /** Opens the partial file; a test passes one that fails as a full disk does. */
  openPart?: (file: string, flags: 'a' | 'w') => Writable;
  /** Attempts after a broken connection, each resuming where the last stopped. */
  retries?: number;
  retryDelayMs?: number;
  /**
   * Throws for an address the server must not call; asked for the first address and every redirect, which
   * are followed by hand so that none escapes the rule.
   */
  checkUrl?: (url: string) => void;
}

const MAX_REDIRECTS = 5;

interface Task {
  entry: ModelEntry & { sha256: string };
  progress: DownloadProgress;
  controller: AbortController;
  /** Why it was stopped: by `cancel`, or by `close` (then it resumes at the next start). */
  stopping: 'cancel' | 'close' | null;
  done: Promise<DownloadProgress>;
}

const STATE_SUFFIX = '.download.json';
const PART_SUFFIX = '.part';

/** Only plain file names land in the models folder: no separators, no parent folders. */
function safeFileName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.gguf$/.test(name)) throw new TypeError('a model file name is a plain *.gguf name');
  return name;
}

/**
 * Background downloads of model files into the models folder: `<file>.part` while it arrives, resumed with
 * HTTP Range after a broken connection or a restart (what to fetch is kept in `<file>.download.json`),
 * then checked against its size and SHA-256 before it takes its name.
 */
export function createModelDownloads(options: ModelDownloadsOptions): ModelDownloads {
  const { modelsDir } = options;
  const openPart = options.openPart ?? ((file, flags) => createWriteStream(file, { flags }));
  const retries = options.retries ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 2000;
  const tasks = new Map<string, Task>();

  const files = (fileName: string) => {
    const file = path.join(modelsDir, safeFileName(fileName));
    return { file, part: file + PART_SUFFIX, state: file + STATE_SUFFIX };
  };
  const sizeOf = (file: string) => stat(file).then((s) => s.size, () => 0);

  async function check(entry: ModelEntry): Promise<DownloadCheck> {
    await mkdir(modelsDir, { recursive: true });
    const totalMemory = os.totalmem();
    const fs = await statfs(modelsDir);
    const freeBytes = fs.bavail * fs.bsize;
    const have = await sizeOf(files(entry.fileName).part);
    const diskNeeded = entry.sizeBytes === null ? null : Math.max(0, entry.sizeBytes - have);
    const reason =
      totalMemory < entry.memoryBytes ? 'memory' : diskNeeded !== null && freeBytes < diskNeeded ? 'disk-full' : !entry.sha256 ? 'no-hash' : null;
    return {
      ok: reason === null,
      reason,
      memory: { neededBytes: entry.memoryBytes, totalBytes: totalMemory },
      disk: { neededBytes: diskNeeded, freeBytes },
    };
  }

  /** A GET that follows redirects itself, checking every address on the way. */
  async function follow(url: string, init: { headers: Record<string, string>; signal: AbortSignal }): Promise<Response> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const parsed = new URL(current);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new DownloadError('address');
      try {
        options.checkUrl?.(current);
      } catch {
        throw new DownloadError('address');
      }
      const response = await fetch(current, { ...init, redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel();
      current = new URL(location, current).href;
    }
    throw new DownloadError('http', 310);
  }

  /** One HTTP request, appended to what the partial file already holds. */
  async function transfer(task: Task) {
    const { part } = files(task.entry.fileName);
    const expected = task.entry.sizeBytes;
    let have = await sizeOf(part);
    if (expected !== null && have === expected) return;
    if (expected !== null && have > expected) {
      await rm(part, { force: true });
      have = 0;
    }
    const response = await follow(task.entry.url, {
      headers: have > 0 ? { range: `bytes=${have}-` } : {},
      signal: task.controller.signal,
    });
    // Asked for the rest of a file the server has no more of: it is all here (the hash will tell).
    if (response.status === 416 && have > 0) {
      await response.body?.cancel();
      return;
    }
    let flags: 'a' | 'w' = 'a';
    let total: number | null;
    if (response.status === 206 && response.headers.get('content-range')?.startsWith(`bytes ${have}-`)) {
      const length = Number(response.headers.get('content-range')!.split('/')[1]);
      total = Number.isFinite(length) ? length : null;
    } else if (response.status === 200) {
      // The server ignored the range: start again from the first byte.
      flags = 'w';
      have = 0;
      const length = Number(response.headers.get('content-length'));
      total = response.headers.get('content-length') && Number.isFinite(length) ? length : null;
    } else {
      await response.body?.cancel();
      throw new DownloadError('http', response.status);
    }
    if (expected !== null && total !== null && total !== expected) {
      await response.body?.cancel();
      throw new DownloadError('bad-size');
    }
    task.progress.totalBytes = total ?? expected;
    task.progress.receivedBytes = have;
    if (!response.body) throw new DownloadError('network');

    let received = have;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        task.progress.receivedBytes = received;
        // A server sending more than announced is not sending this model.
        if (expected !== null && received > expected) callback(new DownloadError('bad-size'));
        else callback(null, chunk);
      },
    });
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), count, openPart(part, flags));
    if (task.progress.totalBytes !== null && received < task.progress.totalBytes) throw new DownloadError('network');
  }

  async function sha256(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    return hash.digest('hex');
  }

  async function run(task: Task): Promise<DownloadProgress> {
    const { file, part, state } = files(task.entry.fileName);
    const fail = async (reason: DownloadFailure, status?: number, keepPart = false) => {
      if (!keepPart) await Promise.all([rm(part, { force: true }), rm(state, { force: true })]);
      Object.assign(task.progress, { state: 'failed', failure: reason, status: status ?? null });
      return task.progress;
    };

    for (let attempt = 0; ; attempt++) {
      try {
        await transfer(task);
        break;
      } catch (error) {
        if (task.stopping === 'cancel') {
          await Promise.all([rm(part, { force: true }), rm(state, { force: true })]);
          task.progress.state = 'cancelled';
          return task.progress;
        }
        if (task.stopping === 'close') {
          task.progress.state = 'paused';
          return task.progress;
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return fail('disk-full');
        if (error instanceof DownloadError && error.reason !== 'network') return fail(error.reason, error.status);
        // A broken connection: try again from where it stopped, then give up keeping what arrived.
        if (attempt >= retries) return fail('network', undefined, true);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }

    task.progress.state = 'verifying';
    const size = await sizeOf(part);
    if (task.entry.sizeBytes !== null && size !== task.entry.sizeBytes) return fail('bad-size');
    if ((await sha256(part)) !== task.entry.sha256.toLowerCase()) return fail('bad-hash');
    await rename(part, file);
    await rm(state, { force: true });
    Object.assign(task.progress, { state: 'done', receivedBytes: size, totalBytes: size });
    return task.progress;
  }

  function launch(entry: ModelEntry & { sha256: string }, receivedBytes: number): Task {
    const task: Task = {
      entry,
      progress: {
        id: entry.id,
        fileName: entry.fileName,
        state: 'downloading',
        receivedBytes,
        totalBytes: entry.sizeBytes,
        failure: null,
        status: null,
      },
      controller: new AbortController(),
      stopping: null,
      done: Promise.resolve(null as never),
    };
    task.done = run(task).catch(() => {
      Object.assign(task.progress, { state: 'failed', failure: 'network' });
      return task.progress;
    });
    tasks.set(entry.id, task);
    return task;
  }

  return {
    check,

    async start(entry) {
      const running = tasks.get(entry.id);
      if (running && (running.progress.state === 'downloading' || running.progress.state === 'verifying')) return running.progress;
      const verdict = await check(entry);
      if (!verdict.ok) throw new DownloadError(verdict.reason!);
      const { state, part } = files(entry.fileName);
      // Kept so that a restarted server can finish the download.
      await writeFile(state, JSON.stringify(entry));
      return launch(entry as ModelEntry & { sha256: string }, await sizeOf(part)).progress;
    },

    finished(id) {
      const task = tasks.get(id);
      return task ? task.done : Promise.reject(new Error('no such download'));
    },

    progress: () => [...tasks.values()].map((task) => ({ ...task.progress })),

    async cancel(id) {
      const task = tasks.get(id);
      if (!task) return;
      task.stopping = 'cancel';
      task.controller.abort();
      await task.done;
    },

    async resume() {
      await mkdir(modelsDir, { recursive: true });
      const names = (await readdir(modelsDir)).filter((name) => name.endsWith(STATE_SUFFIX));
      const resumed: DownloadProgress[] = [];
      for (const name of names) {
        let entry: ModelEntry;
        try {
          entry = JSON.parse(await readFile(path.join(modelsDir, name), 'utf8')) as ModelEntry;
          safeFileName(entry.fileName);
        } catch {
          continue;
        }
        if (!entry.sha256 || tasks.get(entry.id)?.progress.state === 'downloading') continue;
        resumed.push(launch(entry as ModelEntry & { sha256: string }, await sizeOf(files(entry.fileName).part)).progress);
      }
      return resumed;
    },

    async close() {
      const active = [...tasks.values()].filter((task) => task.progress.state === 'downloading' || task.progress.state === 'verifying');
      for (const task of active) {
        task.stopping = 'close';
        task.controller.abort();
      }
      await Promise.all(active.map((task) => task.done));
    },
  };
}
