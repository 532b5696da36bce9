import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  AI_CAPABILITIES,
  isLocalModelCapability,
  type AiCapability,
  type AiModelsRequest,
  type AiModelsResponse,
  type AiProviderUpdate,
  type AiProviderView,
  type AiSettings,
  type AiTestRequest,
  type AiTestResponse,
  type LocalModelStatus,
} from '@shared/contracts/ai';
import type { Config } from '../../config';
import { createChatProvider, type ChatProvider } from '../../providers/chat/index';
import { createOfflineCompanion } from '../../providers/chat/offline-companion';
import { createOpenAiCompatibleChat } from '../../providers/chat/openai-compatible';
import { createImageProvider, generativeArt, type ImageProvider } from '../../providers/image/index';
import { createOpenAiCompatibleImages } from '../../providers/image/openai-compatible';
import type { OpenAiOptions } from '../../providers/openai-client';
import { listModels, probe } from '../../providers/openai-probe';
import { createTextProvider, type TextProvider } from '../../providers/text/index';
import { createOfflineExtractor } from '../../providers/text/offline-extractor';
import { createOpenAiCompatibleText } from '../../providers/text/openai-compatible';
import { createTranscriptionProvider, noTranscription, type TranscriptionProvider } from '../../providers/transcription/index';
import { createOpenAiCompatibleTranscription } from '../../providers/transcription/openai-compatible';
import type { LocalModelRuntime } from '../../providers/local-model/runtime';
import { SecretUnreadableError, type SecretBox } from '../../secret-box';
import type { LocalModelsService } from './local-models';
import { createProviderHealth } from './provider-health';
import { requireReachableAddress } from './address-rule';
import type { AiProviderRow, AiRepository } from './repository';

// The chat and generation modules record their provider's failures here: they reach this module through this file.
export type { ProviderHealth } from './provider-health';

/** The provider each capability is answered by. */
export interface CapabilityProviders {
  chat: ChatProvider;
  text: TextProvider;
  image: ImageProvider;
  transcription: TranscriptionProvider;
}

/** How long a process keeps the AI tab's choices before reading them again (another process may have saved). */
export const AI_SETTINGS_TTL_MS = 10_000;

/** The longest a Test or a model list may take. */
const PROBE_TIMEOUT_MS = 20_000;

/** Each capability's provider built from a saved endpoint. */
const BUILD_ENDPOINT: { [C in AiCapability]: (options: OpenAiOptions) => CapabilityProviders[C] } = {
  chat: createOpenAiCompatibleChat,
  text: createOpenAiCompatibleText,
  image: createOpenAiCompatibleImages,
  transcription: createOpenAiCompatibleTranscription,
};

const sameOrigin = (a: string | null, b: string) => a !== null && new URL(a).origin === new URL(b).origin;

/**
 * Runs a call to a typed address with the address rule asked at every redirect. The SDK reports a refused
 * redirect as an unreachable server; the administrator is told what the typed address itself would have
 * been told, since it leads there.
 */
async function underAddressRule<T>(call: (checkUrl: (url: string) => void) => Promise<T>): Promise<T> {
  let refused: Error | null = null;
  const result = await call((url) => {
    try {
      requireReachableAddress(url);
    } catch (error) {
      refused = error as Error;
      throw error;
    }
  });
  if (refused) throw refused as Error;
  return result;
}

/** The local model file that answers a capability, and where it was chosen. */
export interface LocalModelChoice {
  /** A name under `<DATA_DIR>/models`, or LOCAL_MODEL_PATH as set (it may be absolute). */
  file: string;
  from: 'ai-tab' | 'configuration';
}

/**
 * Which local model file answers a capability: the AI tab's choice when it names one; when the tab leaves the
 * capability to the configuration (or has no row for it), LOCAL_MODEL_PATH, unless AI_BASE_URL sends the
 * capability to an endpoint. Null when no local model answers it. The registry and the benchmark both read it.
 */
export function localModelChoiceOf(
  capability: AiCapability,
  row: Pick<AiProviderRow, 'source' | 'model'> | undefined,
  config: Pick<Config, 'chat' | 'text' | 'localModel'>,
): LocalModelChoice | null {
  if (!isLocalModelCapability(capability)) return null;
  if (row?.source === 'local-model' && row.model) return { file: row.model, from: 'ai-tab' };
  if (row && row.source !== 'configuration') return null;
  const file = config[capability].baseUrl ? null : config.localModel.path;
  return file ? { file, from: 'configuration' } : null;
}

/** `sk-…abcd`: enough to recognise a key, never enough to use it. Short keys show nothing of themselves. */
export function maskKey(key: string): string {
  return key.length >= 16 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '…';
}

/**
 * The AI provider registry: for each capability, the AI tab's choice (kept in ai_providers), else the
 * environment variables, else the built-in default — read per request and cached for a few seconds
 * (docs/decisions/0037-ai-providers-from-the-admin-panel.md). Keys are sealed before they are stored,
 * opened only to hand them to the SDK, and never answered or logged.
 */
export function createAiService(deps: {
  repository: AiRepository;
  box: SecretBox;
  config: Pick<Config, 'chat' | 'text' | 'image' | 'transcription' | 'localModel'>;
  log: FastifyBaseLogger;
  /** "Private AI on this server": the model files and the runtime that runs them in worker threads. */
  local: { runtime: LocalModelRuntime; models: LocalModelsService };
  ttlMs?: number;
}) {
  const { repository, box, config, log, local } = deps;
  const ttlMs = deps.ttlMs ?? AI_SETTINGS_TTL_MS;
  const context = (capability: AiCapability) => `ai:${capability}`;

  // Built once: the environment does not change while the process runs.
  const fromConfiguration: CapabilityProviders = {
    chat: createChatProvider(config.chat),
    text: createTextProvider(config.text),
    image: createImageProvider(config.image),
    transcription: createTranscriptionProvider(config.transcription),
  };
  const offline: CapabilityProviders = {
    chat: createOfflineCompanion({ delayMs: config.chat.offlineDelayMs }),
    text: createOfflineExtractor(),
    image: generativeArt,
    transcription: noTranscription,
  };
  // Whether the chosen chat and memory-writing providers answered their last call (the AI tab and /api/health).
  const health = createProviderHealth();
  const timeoutOf = (capability: AiCapability) => (capability === 'image' ? config.image.timeoutMs : config.chat.timeoutMs);

  const openKey = (row: AiProviderRow): { key: string | null; readable: boolean } => {
    if (!row.sealedApiKey) return { key: null, readable: true };
    try {
      return { key: box.open(row.sealedApiKey, context(row.capability)), readable: true };
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      return { key: null, readable: false };
    }
  };

  /**
   * The local model's provider for a capability that writes text. While its file is still arriving (or was
   * removed) the built-in default answers, so that nobody meets an error meanwhile. Its chat provider keeps its
   * risk judgement, a second net behind the offline assessor that can only raise its verdict
   * (docs/decisions/0108-local-model-risk-judgement.md).
   */
  function localProviderOf<C extends AiCapability>(capability: C, file: string): CapabilityProviders[C] {
    if (!isLocalModelCapability(capability) || !local.models.present(file)) return offline[capability];
    return (capability === 'text' ? local.runtime.text(file) : local.runtime.chat(file)) as CapabilityProviders[C];
  }

  /** What the environment alone gives the capabilities that write text: LOCAL_MODEL_PATH, unless AI_BASE_URL is set. */
  const configuredLocal = (capability: AiCapability) => localModelChoiceOf(capability, undefined, config)?.file ?? null;

  function providerOf<C extends AiCapability>(capability: C, row: AiProviderRow | undefined): CapabilityProviders[C] {
    const local = localModelChoiceOf(capability, row, config);
    if (local) return localProviderOf(capability, local.file);
    if (!row || row.source === 'configuration') return fromConfiguration[capability];
    if (row.source === 'offline' || row.source === 'local-model' || !row.baseUrl || !row.model) return offline[capability];
    const { key, readable } = openKey(row);
    // Kind of problem only: the key itself, or anything about it, is never logged.
    if (!readable) log.warn({ capability }, 'the stored AI key cannot be read with the current SECRETS_KEY: calling without it');
    return BUILD_ENDPOINT[capability]({ baseUrl: row.baseUrl, apiKey: key, model: row.model, timeoutMs: timeoutOf(capability), checkUrl: requireReachableAddress });
  }

  let cached: { at: number; value: Promise<{ rows: AiProviderRow[]; providers: CapabilityProviders }> } | null = null;
  const current = () => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    const value = repository.list().then((rows) => {
      const row = (capability: AiCapability) => rows.find((r) => r.capability === capability);
      return {
        rows,
        providers: {
          chat: providerOf('chat', row('chat')),
          text: providerOf('text', row('text')),
          image: providerOf('image', row('image')),
          transcription: providerOf('transcription', row('transcription')),
        },
      };
    });
    const entry = { at: Date.now(), value };
    cached = entry;
    // A failed read is not kept: the next request tries again.
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };

  const viewOf = (capability: AiCapability, row: AiProviderRow | undefined, active: string): AiProviderView => {
    const viaEndpoint = fromConfiguration[capability].name === 'openai-compatible';
    const localFile = configuredLocal(capability);
    const key = row ? openKey(row) : { key: null, readable: true };
    return {
      capability,
      source: row?.source ?? 'configuration',
      preset: row?.preset ?? null,
      baseUrl: row?.baseUrl ?? null,
      model: row?.model ?? null,
      hasKey: Boolean(row?.sealedApiKey),
      keyMask: key.key ? maskKey(key.key) : null,
      active,
      configuration: {
        provider: localFile ? 'local-model' : fromConfiguration[capability].name,
        baseUrl: viaEndpoint ? config[capability].baseUrl : null,
        model: viaEndpoint ? config[capability].model : localFile ? path.basename(localFile) : null,
      },
      updatedAt: row?.updatedAt.toISOString() ?? null,
      failing: health.of(capability),
    };
  };

  const view = async (): Promise<AiSettings> => {
    const { rows, providers } = await current();
    return { providers: AI_CAPABILITIES.map((capability) => viewOf(capability, rows.find((r) => r.capability === capability), providers[capability].name)) };
  };

  /** The key for a call to `baseUrl`: the one typed now, else the stored one — only ever to the address it was saved for. */
  const keyFor = async (capability: AiCapability, baseUrl: string, typed: string | undefined): Promise<string | null> => {
    if (typed) return typed;
    const row = (await repository.list()).find((r) => r.capability === capability);
    return row && sameOrigin(row.baseUrl, baseUrl) ? openKey(row).key : null;
  };

  return {
    chat: async () => (await current()).providers.chat,
    text: async () => (await current()).providers.text,
    image: async () => (await current()).providers.image,
    transcription: async () => (await current()).providers.transcription,

    /** Which provider answers each capability now (/api/health, the Global tab), and where a chosen local model stands. */
    async names(): Promise<{ [C in AiCapability]: string } & { localModel: { chat: LocalModelStatus | null; text: LocalModelStatus | null } }> {
      const { rows, providers } = await current();
      const localOf = (capability: 'chat' | 'text') => {
        const choice = localModelChoiceOf(capability, rows.find((r) => r.capability === capability), config);
        return choice ? local.models.statusOf(choice.file) : null;
      };
      return {
        chat: providers.chat.name,
        text: providers.text.name,
        image: providers.image.name,
        transcription: providers.transcription.name,
        localModel: { chat: localOf('chat'), text: localOf('text') },
      };
    },

    health,

    /** A download finished: the registry reads its choices again, so a model that just arrived answers at once. */
    forget() {
      cached = null;
    },

    view,

    /**
     * Seals again, with the current scheme, the keys an earlier scheme sealed. Run at start; running it again
     * changes nothing, and a row saved meanwhile is never overwritten. A key that cannot be opened is left as
     * it is and reported (the AI tab shows it unreadable until it is typed again); it never stops the start.
     */
    async resealStaleKeys(startLog: FastifyBaseLogger): Promise<{ resealed: number; unreadable: number }> {
      let resealed = 0;
      let unreadable = 0;
      for (const row of await repository.list()) {
        if (!row.sealedApiKey || !box.isStale(row.sealedApiKey)) continue;
        const { key } = openKey(row);
        if (key === null) {
          unreadable += 1;
          // Which capability only: nothing of the key.
          startLog.warn({ capability: row.capability }, 'a stored AI key cannot be read with the current SECRETS_KEY, so it was not sealed again: type it again in the AI tab');
          continue;
        }
        if (await repository.replaceSealedKey(row.capability, row.sealedApiKey, box.seal(key, context(row.capability)))) resealed += 1;
      }
      if (resealed > 0) {
        cached = null;
        startLog.info({ resealed }, 'stored AI keys sealed again with the current scheme');
      }
      return { resealed, unreadable };
    },

    /** Saves one capability's choice; this process uses it from the next request on, others within the TTL. */
    async update(capability: AiCapability, input: AiProviderUpdate, requestLog: FastifyBaseLogger): Promise<AiSettings> {
      const existing = (await repository.list()).find((r) => r.capability === capability);
      if (input.source === 'local-model') {
        local.models.requireUsable(capability, input.model);
        // The endpoint's address and key stay as they were; the model field names the file meanwhile.
        await repository.save({
          capability,
          source: input.source,
          preset: existing?.preset ?? null,
          baseUrl: existing?.baseUrl ?? null,
          model: input.model,
          sealedApiKey: existing?.sealedApiKey ?? null,
        });
      } else if (input.source !== 'openai-compatible') {
        // The endpoint stays filled in (its key still sealed), ready for when it is chosen again.
        await repository.save({
          capability,
          source: input.source,
          preset: existing?.preset ?? null,
          baseUrl: existing?.baseUrl ?? null,
          model: existing?.model ?? null,
          sealedApiKey: existing?.sealedApiKey ?? null,
        });
      } else {
        requireReachableAddress(input.baseUrl);
        // A stored key follows the endpoint only on the same server: another address needs it typed again.
        const kept = existing?.sealedApiKey && sameOrigin(existing.baseUrl, input.baseUrl) ? existing.sealedApiKey : null;
        const sealedApiKey = input.removeKey ? null : input.apiKey ? box.seal(input.apiKey, context(capability)) : kept;
        await repository.save({ capability, source: input.source, preset: input.preset, baseUrl: input.baseUrl, model: input.model, sealedApiKey });
      }
      cached = null;
      health.reset(capability);
      requestLog.info({ capability, source: input.source }, 'AI provider saved');
      return view();
    },

    async models(input: AiModelsRequest): Promise<AiModelsResponse> {
      requireReachableAddress(input.baseUrl);
      const apiKey = await keyFor(input.capability, input.baseUrl, input.apiKey);
      return underAddressRule((checkUrl) => listModels({ baseUrl: input.baseUrl, apiKey, timeoutMs: PROBE_TIMEOUT_MS, checkUrl }));
    },

    async test(input: AiTestRequest, requestLog: FastifyBaseLogger): Promise<AiTestResponse> {
      requireReachableAddress(input.baseUrl);
      const apiKey = await keyFor(input.capability, input.baseUrl, input.apiKey);
      const result = await underAddressRule((checkUrl) => probe(input.capability, { baseUrl: input.baseUrl, apiKey, model: input.model, timeoutMs: PROBE_TIMEOUT_MS, checkUrl }));
      requestLog.info(result.ok ? { capability: input.capability, latencyMs: result.latencyMs } : { capability: input.capability, reason: result.reason, upstreamStatus: result.status }, 'AI provider tested');
      return result;
    },
  };
}
export type AiService = ReturnType<typeof createAiService>;
