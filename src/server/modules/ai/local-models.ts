import { existsSync } from 'node:fs';
import { readdir, stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  isLocalModelCapability,
  type AiCapability,
  type AiTestResponse,
  type LocalModelDownloadRequest,
  type LocalModelDownloadResponse,
  type LocalModelOverview,
  type LocalModelStatus,
  type LocalModelTestRequest,
} from '@shared/contracts/ai';
import { AppError } from '../../app-error';
import type { ScheduledClaims } from '../../db/scheduled-claims';
import { requireReachableAddress } from './address-rule';
import { SUGGESTED_MODELS, type ModelEntry } from '../../providers/local-model/catalogue';
import { LocalModelError, type LocalModelRuntime } from '../../providers/local-model/runtime';

/** The longest a Test of the local model may take, loading the model and waiting in its queue included. */
const TEST_TIMEOUT_MS = 20_000;
const GB = 1024 ** 3;

/**
 * The memory a model file of that size needs to run: its weights, a 4k-token context and the runtime. A rough
 * rule, close to what the suggested models' pages say (1.1 GB file → about 2 GB).
 */
export const memoryForFile = (sizeBytes: number) => Math.round(sizeBytes * 1.2 + 0.5 * GB);

const MODEL_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.gguf$/;

/** The address's last part, when it is a plain model file name (`…/resolve/main/model-q4_k_m.gguf`). */
function fileNameOf(url: string): string | null {
  let last: string;
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '');
  } catch {
    // A "%" that starts no escape (`…/model%.gguf`): the address names no plain model file, which is the answer.
    return null;
  }
  return MODEL_FILE.test(last) ? last : null;
}

const modelFileRefused = (message: string, key: string) => new AppError('VALIDATION_FAILED', message, { model: [key] });

/**
 * "Private AI on this server": the model files of `<DATA_DIR>/models`, their downloads and where each stands,
 * for the AI tab, /api/health and the registry. Files are named by their plain name only, so nothing outside
 * that folder can be read; download addresses follow the AI tab's address rule, redirects included.
 */
export function createLocalModelsService(deps: {
  runtime: LocalModelRuntime;
  onDownloadDone: () => void;
  /**
   * Processes sharing the data folder download into the same files: one process at a time downloads, holding a
   * claim while any of its downloads runs. Without it (one process) nothing is claimed.
   */
  claims?: ScheduledClaims;
}) {
  const { runtime } = deps;
  const downloads = heldDownloads(deps.claims);
  const modelsDir = runtime.resolveModelPath('.');
  const fileOf = (fileName: string) => runtime.resolveModelPath(fileName);

  const activeDownload = (fileName: string) =>
    runtime.downloads.progress().find((d) => d.fileName === fileName && (d.state === 'downloading' || d.state === 'verifying'));

  /** Whether the file is there to be run (a download still arriving writes to `<file>.part`). */
  const present = (fileName: string) => existsSync(fileOf(fileName)) && !activeDownload(fileName);

  /** Where a model file stands; `file` is a name in the models folder, or the absolute LOCAL_MODEL_PATH (shown by its name only). */
  function statusOf(file: string): LocalModelStatus {
    const fileName = path.basename(file);
    const download = activeDownload(file);
    if (download) {
      const percent = download.totalBytes ? Math.min(100, Math.floor((download.receivedBytes / download.totalBytes) * 100)) : null;
      return { fileName, state: 'downloading', percent, queued: 0 };
    }
    if (!existsSync(fileOf(file))) return { fileName, state: 'not-downloaded', percent: null, queued: 0 };
    const { state, queued } = runtime.status(file);
    return { fileName, state: state === 'idle' ? 'ready' : state, percent: null, queued };
  }

  async function files(): Promise<Array<{ fileName: string; sizeBytes: number }>> {
    let names: string[];
    try {
      names = await readdir(modelsDir);
    } catch {
      return [];
    }
    const found = await Promise.all(
      names
        .filter((name) => MODEL_FILE.test(name))
        .map(async (fileName) => {
          const info = await stat(fileOf(fileName)).catch(() => null);
          return info?.isFile() ? { fileName, sizeBytes: info.size } : null;
        }),
    );
    return found.filter((file) => file !== null).sort((a, b) => a.fileName.localeCompare(b.fileName));
  }

  async function overview(): Promise<LocalModelOverview> {
    const totalMemoryBytes = os.totalmem();
    const disk = await statfs(existsSync(modelsDir) ? modelsDir : path.dirname(modelsDir)).catch(() => null);
    return {
      machine: { totalMemoryBytes, freeMemoryBytes: os.freemem(), freeDiskBytes: disk ? disk.bavail * disk.bsize : 0 },
      files: (await files()).filter((file) => !activeDownload(file.fileName)).map((file) => ({ ...statusOf(file.fileName), sizeBytes: file.sizeBytes })),
      suggested: SUGGESTED_MODELS.map((entry) => ({
        id: entry.id,
        label: entry.label,
        fileName: entry.fileName,
        url: entry.url,
        sizeBytes: entry.sizeBytes,
        memoryBytes: entry.memoryBytes,
        licence: entry.licence,
        hasHash: entry.sha256 !== null,
        fits: totalMemoryBytes >= entry.memoryBytes,
      })),
      downloads: runtime.downloads.progress(),
    };
  }

  /** A download's entry: a suggested model (its hash given when the catalogue has none), or a file at an address. */
  function entryOf(input: LocalModelDownloadRequest): ModelEntry | null {
    if (input.kind === 'suggested') {
      const entry = SUGGESTED_MODELS.find((candidate) => candidate.id === input.id);
      if (!entry) throw new AppError('NOT_FOUND', 'No suggested model has this id.');
      return input.sha256 && !entry.sha256 ? { ...entry, sha256: input.sha256 } : entry;
    }
    const fileName = input.fileName ?? fileNameOf(input.url);
    if (!fileName) return null;
    return {
      id: fileName,
      label: fileName,
      fileName,
      url: input.url,
      sizeBytes: input.sizeBytes ?? null,
      sha256: input.sha256,
      memoryBytes: input.sizeBytes ? memoryForFile(input.sizeBytes) : 0,
      licence: '',
    };
  }

  /** The registry may be waiting for this file to answer with it: told when the download ends. */
  const watch = (id: string, log: FastifyBaseLogger) => {
    downloads.started();
    void runtime.downloads.finished(id).then(async (progress) => {
      log.info({ model: progress.fileName, state: progress.state, failure: progress.failure, upstreamStatus: progress.status }, 'local model download ended');
      deps.onDownloadDone();
      await downloads.ended();
    });
  };

  return {
    statusOf,
    present,
    overview,

    /** Continues the downloads a stopped server left unfinished. */
    async resume(log: FastifyBaseLogger) {
      // Another process downloading into the same folder continues its own, and this one leaves them alone.
      if (!(await downloads.hold())) {
        log.info('local model downloads are held by another process');
        return;
      }
      for (const progress of await runtime.downloads.resume()) {
        log.info({ model: progress.fileName }, 'local model download resumed');
        watch(progress.id, log);
      }
      await downloads.letGoIfIdle();
    },

    /** Lets the downloads' claim go (they pause with the runtime and resume at the next start, here or elsewhere). */
    close: () => downloads.close(),

    /** Refuses a model file the local model cannot answer with: another capability, or a file neither here nor arriving. */
    requireUsable(capability: AiCapability, fileName: string) {
      if (!isLocalModelCapability(capability)) {
        throw new AppError('VALIDATION_FAILED', 'The local model writes text: it can answer the conversation and memory writing only.', {
          source: ['validation.localModelCapability'],
        });
      }
      if (!existsSync(fileOf(fileName)) && !activeDownload(fileName)) {
        throw modelFileRefused('There is no model file of this name in the models folder.', 'validation.localModelMissing');
      }
    },

    /** Starts a download in the background, or says why this machine refuses it before anything is fetched. */
    async download(input: LocalModelDownloadRequest, log: FastifyBaseLogger): Promise<LocalModelDownloadResponse> {
      if (input.kind === 'url') requireReachableAddress(input.url, 'url');
      const entry = entryOf(input);
      const refusal = (reason: Extract<LocalModelDownloadResponse, { ok: false }>['reason'], neededBytes: number, diskNeeded: number | null, freeBytes: number) =>
        ({ ok: false, reason, memory: { neededBytes, totalBytes: os.totalmem() }, disk: { neededBytes: diskNeeded, freeBytes } }) as const;
      if (!entry) return refusal('no-file-name', 0, null, 0);
      if (!existsSync(fileOf(entry.fileName)) || activeDownload(entry.fileName)) {
        const check = await runtime.downloads.check(entry);
        if (!check.ok) {
          log.info({ model: entry.fileName, reason: check.reason }, 'local model download refused');
          return refusal(check.reason!, check.memory.neededBytes, check.disk.neededBytes, check.disk.freeBytes);
        }
        if (!(await downloads.hold())) throw new AppError('MODEL_DOWNLOAD_ELSEWHERE', 'Another process of this server is downloading a model. Try again once it has finished.');
        try {
          await runtime.downloads.start(entry);
        } catch (error) {
          await downloads.letGoIfIdle();
          throw error;
        }
        log.info({ model: entry.fileName }, 'local model download started');
        watch(entry.id, log);
      }
      return { ok: true, overview: await overview() };
    },

    async cancel(id: string): Promise<LocalModelOverview> {
      if (!runtime.downloads.progress().some((d) => d.id === id)) throw new AppError('NOT_FOUND', 'No download has this id.');
      await runtime.downloads.cancel(id);
      return overview();
    },

    /** One tiny generation, queued like a conversation: the latency, or why the model could not answer. */
    async test(input: LocalModelTestRequest, log: FastifyBaseLogger): Promise<AiTestResponse> {
      if (!isLocalModelCapability(input.capability)) {
        throw new AppError('VALIDATION_FAILED', 'The local model answers the conversation and memory writing only.', { capability: ['validation.localModelCapability'] });
      }
      let result: AiTestResponse;
      if (!present(input.model)) {
        result = { ok: false, reason: 'model-missing', status: null };
      } else {
        const started = performance.now();
        try {
          await runtime.generate(
            input.model,
            { turns: [{ role: 'system', content: 'Answer with one word.' }, { role: 'user', content: 'Hello' }], maxTokens: 1, temperature: 0 },
            { signal: AbortSignal.timeout(TEST_TIMEOUT_MS) },
          );
          result = { ok: true, latencyMs: Math.round(performance.now() - started) };
        } catch (error) {
          const reason = error instanceof LocalModelError ? error.reason : 'generation';
          result = {
            ok: false,
            reason: reason === 'busy' ? 'busy' : reason === 'load' ? 'unloadable' : reason === 'aborted' || reason === 'timeout' ? 'timeout' : 'upstream',
            status: null,
          };
        }
      }
      log.info(result.ok ? { capability: input.capability, source: 'local-model', latencyMs: result.latencyMs } : { capability: input.capability, source: 'local-model', reason: result.reason }, 'AI provider tested');
      return result;
    },
  };
}
export type LocalModelsService = ReturnType<typeof createLocalModelsService>;

/** The one claim of this process's downloads: taken before the first starts, let go when the last has ended. */
function heldDownloads(claims: ScheduledClaims | undefined) {
  let claim: { release(): Promise<void> } | null = null;
  let running = 0;
  let turn: Promise<unknown> = Promise.resolve();
  // One change of the claim at a time: a download starting while the last one's claim is let go waits for it.
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const next = turn.then(step, step);
    turn = next.catch(() => undefined);
    return next;
  };
  const letGo = async () => {
    const held = claim;
    claim = null;
    await held?.release().catch(() => undefined);
  };
  return {
    hold: () =>
      inTurn(async () => {
        if (!claims || claim) return true;
        claim = await claims.take('model-downloads', 'data-folder');
        return claim !== null;
      }),
    started: () => void (running += 1),
    ended: () =>
      inTurn(async () => {
        running -= 1;
        if (running === 0) await letGo();
      }),
    letGoIfIdle: () =>
      inTurn(async () => {
        if (running === 0) await letGo();
      }),
    close: () => inTurn(letGo),
  };
}
