import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ChatProvider } from '../chat/chat-provider';
import type { TextProvider } from '../text/text-provider';
import { createLocalModelChat } from './chat';
import { createModelDownloads, type ModelDownloads } from './downloads';
import { LocalModelError, type GenerationOptions, type GenerationResult, type LocalModelGenerator, type LocalModelStatus } from './generation';
import type { FromWorker, GenerationJob, WorkerOptions } from './protocol';
import { createLocalModelText } from './text';

export interface LocalModelRuntimeOptions {
  /** Model files live in `<dataDir>/models`; a relative model path is read from there. */
  dataDir: string;
  /** CPU threads per generation; by default every core but one, which stays with the API. */
  threads?: number;
  /** Tokens of context (prompt and reply together), per sequence. */
  contextSize?: number;
  /**
   * Conversations whose prompt stays cached between turns (default 2), each costing a context's worth of
   * memory; the other jobs use one sequence more.
   */
  conversations?: number;
  gpu?: false | 'auto';
  /**
   * Chat turns allowed to wait behind the running generation; more are refused as busy. Other jobs are refused
   * once that many jobs of any kind wait: a judgement asked before its turn's reply never takes the reply's place.
   */
  maxQueue?: number;
  /** Longest silence from a running generation (the first token included) before it is abandoned. */
  timeoutMs?: number;
  /** Throws for a download address (or redirect) the server must not call. */
  checkDownloadUrl?: (url: string) => void;
}

export type { GenerationUsage } from './protocol';
export { LocalModelError, type GenerationOptions, type GenerationResult, type LocalModelFailure, type LocalModelStatus } from './generation';

export interface LocalModelRuntime extends LocalModelGenerator {
  /** A ChatProvider answering with the model at `modelPath`. */
  chat(modelPath: string, options?: { maxTokens?: number; temperature?: number }): ChatProvider;
  /** A TextProvider writing memories with the model at `modelPath` (JSON enforced by a grammar). */
  text(modelPath: string, options?: { maxTokens?: number }): TextProvider;
  status(modelPath: string): LocalModelStatus;
  /** Where a model file of that name lives. */
  resolveModelPath(modelPath: string): string;
  readonly downloads: ModelDownloads;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  job: GenerationJob;
  options: GenerationOptions;
  settled: boolean;
  resolve(result: GenerationResult): void;
  reject(error: LocalModelError): void;
  detach(): void;
}

/**
 * Starts the worker thread: the bundled file next to the server's bundle in production
 * (scripts/build-server.mjs builds both), or the TypeScript source under tsx and Vitest, where a small
 * bootstrap registers tsx's loader inside the worker first (a worker's `--import` does not reach its entry).
 */
function spawnWorker(workerData: WorkerOptions): Worker {
  const here = import.meta.url;
  const options = { workerData, stdout: true, stderr: true } as const;
  if (!here.endsWith('.ts')) return new Worker(new URL('./local-model-worker.js', here), options);
  const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./worker.ts', here).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Two people talking at once each keep their cache, at the memory cost of three contexts in all. */
export const DEFAULT_CONVERSATIONS = 2;

export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/** One model file, its worker thread and its queue: one generation at a time, first come first served. */
class ModelHost {
  private worker: Worker | null = null;
  private ready = false;
  private failed = false;
  private info: { name: string | null; sizeBytes: number } | null = null;
  private readonly queue: Pending[] = [];
  private current: Pending | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly asked = { conversation: 0, task: 0 };

  constructor(
    private readonly workerOptions: WorkerOptions,
    private readonly limits: { maxQueue: number; timeoutMs: number },
  ) {}

  status(): LocalModelStatus {
    return {
      state: this.current ? (this.ready ? 'busy' : 'loading') : this.failed ? 'failed' : 'idle',
      queued: this.queue.length,
      model: { path: this.workerOptions.modelPath, name: this.info?.name ?? null, sizeBytes: this.info?.sizeBytes ?? null },
      asked: { ...this.asked },
    };
  }

  enqueue(id: number, job: GenerationJob, options: GenerationOptions): Promise<GenerationResult> {
    this.asked[job.kind ?? 'task']++;
    return new Promise((resolve, reject) => {
      if (options.signal.aborted) return reject(new LocalModelError('aborted'));
      const waiting = job.kind === 'conversation' ? this.queue.filter((other) => other.job.kind === 'conversation').length : this.queue.length;
      if (waiting >= this.limits.maxQueue) return reject(new LocalModelError('busy'));
      const pending: Pending = {
        id,
        job,
        options,
        settled: false,
        resolve: (result) => {
          if (pending.settled) return;
          pending.settled = true;
          pending.detach();
          resolve(result);
        },
        reject: (error) => {
          if (pending.settled) return;
          pending.settled = true;
          pending.detach();
          reject(error);
        },
        detach: () => options.signal.removeEventListener('abort', onAbort),
      };
      // The person left: a waiting job leaves the queue; the running one is stopped, and the next starts
      // once the worker confirms it stopped.
      const onAbort = () => {
        const index = this.queue.indexOf(pending);
        if (index >= 0) this.queue.splice(index, 1);
        else if (this.current === pending) this.worker?.postMessage({ type: 'cancel', id });
        pending.reject(new LocalModelError('aborted'));
      };
      options.signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  private pump() {
    if (this.current || this.queue.length === 0) return;
    const next = this.queue.shift()!;
    this.current = next;
    this.failed = false;
    this.start().postMessage({ type: 'run', id: next.id, job: next.job });
    this.arm();
  }

  private arm() {
    clearTimeout(this.timer);
    const current = this.current;
    if (!current) return;
    this.timer = setTimeout(() => {
      this.worker?.postMessage({ type: 'cancel', id: current.id });
      current.reject(new LocalModelError('timeout'));
    }, this.limits.timeoutMs);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnWorker(this.workerOptions);
    // Whatever the native library prints stays out of the app's output (it may describe the prompt).
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', () => this.onExit());
    worker.on('exit', () => this.onExit());
    this.worker = worker;
    this.ready = false;
    return worker;
  }

  private onMessage(message: FromWorker) {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.info = { name: message.model.name, sizeBytes: message.model.sizeBytes };
        return;
      case 'load-failed':
        // Every waiting job fails with it; a later request tries again (the file may be replaced meanwhile).
        this.failed = true;
        void this.stop(new LocalModelError('load'));
        return;
      case 'chunk':
        if (this.current?.id !== message.id) return;
        this.arm();
        if (!this.current.settled) this.current.options.onChunk?.(message.text);
        return;
      case 'end':
      case 'failed': {
        if (this.current?.id !== message.id) return;
        const done = this.current;
        this.current = null;
        clearTimeout(this.timer);
        if (message.type === 'failed') done.reject(new LocalModelError(message.reason === 'load' ? 'load' : 'generation'));
        else if (message.stopReason === 'aborted') done.reject(new LocalModelError('aborted'));
        else done.resolve({ text: message.text, tokens: message.tokens, truncated: message.stopReason === 'max-tokens', usage: message.usage });
        this.pump();
        return;
      }
    }
  }

  private onExit() {
    if (!this.worker) return;
    this.worker = null;
    void this.stop(new LocalModelError('crashed'));
  }

  /** Fails the running and waiting jobs and ends the worker. */
  stop(error: LocalModelError): Promise<unknown> {
    clearTimeout(this.timer);
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    const all = [...(this.current ? [this.current] : []), ...this.queue.splice(0)];
    this.current = null;
    for (const pending of all) pending.reject(error);
    return worker ? worker.terminate() : Promise.resolve();
  }
}

/**
 * The local model runtime: one worker thread per model file, created on first use and kept loaded,
 * each with its own queue. The registry of providers asks it for a ChatProvider and a TextProvider.
 */
export function createLocalModelRuntime(options: LocalModelRuntimeOptions): LocalModelRuntime {
  const modelsDir = path.join(options.dataDir, 'models');
  const hosts = new Map<string, ModelHost>();
  let nextId = 1;
  let closed = false;
  const limits = { maxQueue: options.maxQueue ?? 8, timeoutMs: options.timeoutMs ?? 120_000 };

  const resolveModelPath = (modelPath: string) => path.resolve(modelsDir, modelPath);
  const hostFor = (modelPath: string) => {
    const file = resolveModelPath(modelPath);
    let host = hosts.get(file);
    if (!host) {
      host = new ModelHost(
        {
          modelPath: file,
          threads: options.threads ?? defaultThreads(),
          contextSize: options.contextSize ?? 4096,
          gpu: options.gpu ?? false,
          conversations: Math.max(1, options.conversations ?? DEFAULT_CONVERSATIONS),
        },
        limits,
      );
      hosts.set(file, host);
    }
    return host;
  };

  const runtime: LocalModelRuntime = {
    generate(modelPath, job, generationOptions) {
      if (closed) return Promise.reject(new LocalModelError('closed'));
      return hostFor(modelPath).enqueue(nextId++, job, generationOptions);
    },
    status: (modelPath) => hostFor(modelPath).status(),
    resolveModelPath,
    chat: (modelPath, chatOptions) => createLocalModelChat(runtime, modelPath, chatOptions),
    text: (modelPath, textOptions) => createLocalModelText(runtime, modelPath, textOptions),
    downloads: createModelDownloads({ modelsDir, ...(options.checkDownloadUrl ? { checkUrl: options.checkDownloadUrl } : {}) }),
    async close() {
      closed = true;
      await Promise.all([...hosts.values()].map((host) => host.stop(new LocalModelError('closed'))));
      hosts.clear();
      await runtime.downloads.close();
    },
  };
  return runtime;
}
