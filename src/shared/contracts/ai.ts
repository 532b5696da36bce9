import { z } from 'zod';

/** What the administrators choose a provider for, one section each in the AI tab. */
export const AI_CAPABILITIES = ['chat', 'text', 'image', 'transcription'] as const;
export const aiCapabilitySchema = z.enum(AI_CAPABILITIES);
export type AiCapability = z.infer<typeof aiCapabilitySchema>;

/**
 * Where a capability's provider comes from:
 * - `configuration`: the environment variables (AI_BASE_URL…), or the built-in default when they say nothing;
 * - `offline`: the built-in default whatever the environment says (for voice: no transcription);
 * - `openai-compatible`: the endpoint saved in the AI tab;
 * - `local-model`: a GGUF model file run by this server ("Private AI on this server"), for the capabilities
 *   that write text (conversation, memory writing).
 */
export const AI_SOURCES = ['configuration', 'offline', 'openai-compatible', 'local-model'] as const;
export const aiSourceSchema = z.enum(AI_SOURCES);
export type AiSource = z.infer<typeof aiSourceSchema>;

/** Endpoints whose base URL the AI tab fills in; `other` leaves it to the administrator. */
export const AI_PRESETS = {
  openai: 'https://api.openai.com/v1',
  mistral: 'https://api.mistral.ai/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  groq: 'https://api.groq.com/openai/v1',
  ollama: 'http://localhost:11434/v1',
  lmstudio: 'http://localhost:1234/v1',
  llamacpp: 'http://localhost:8080/v1',
  vllm: 'http://localhost:8000/v1',
  other: '',
} as const;
export type AiPreset = keyof typeof AI_PRESETS;
export const aiPresetSchema = z.enum(Object.keys(AI_PRESETS) as [AiPreset, ...AiPreset[]]);

/** The capabilities a local model can answer: it writes text, it neither draws nor listens. */
export const LOCAL_MODEL_CAPABILITIES = ['chat', 'text'] as const satisfies readonly AiCapability[];
export const isLocalModelCapability = (capability: AiCapability): capability is (typeof LOCAL_MODEL_CAPABILITIES)[number] =>
  (LOCAL_MODEL_CAPABILITIES as readonly AiCapability[]).includes(capability);

export const AI_BASE_URL_MAX = 500;
export const LOCAL_MODEL_FILE_MAX = 200;

/**
 * A model file of the data folder's `models` directory, by its plain name: no folder, no `..`, nothing
 * outside that directory can be named.
 */
export const localModelFileSchema = z
  .string()
  .trim()
  .min(1, 'validation.localModelFileRequired')
  .max(LOCAL_MODEL_FILE_MAX, 'validation.localModelFileInvalid')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\.gguf$/, 'validation.localModelFileInvalid');
export const AI_MODEL_MAX = 200;
export const AI_KEY_MAX = 500;

/** An endpoint's address: http(s) only, no user name or password inside, no trailing slash kept. */
export const aiBaseUrlSchema = z
  .string()
  .trim()
  .min(1, 'validation.aiBaseUrlRequired')
  .max(AI_BASE_URL_MAX, 'validation.aiBaseUrlInvalid')
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.aiBaseUrlInvalid' }))
  .refine((value) => {
    // zod's check and the WHATWG parser disagree on a few odd hosts: the parser used to call is the judge.
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'validation.aiBaseUrlInvalid')
  .transform((value) => value.replace(/\/+$/, ''));

const modelSchema = z.string().trim().min(1, 'validation.aiModelRequired').max(AI_MODEL_MAX, 'validation.aiModelRequired');
/** A key as typed: empty means "keep the stored one" (or none). */
const keySchema = z
  .string()
  .trim()
  .max(AI_KEY_MAX, 'validation.aiKeyTooLong')
  // Keys are printable ASCII: a space or a line break is a paste gone wrong, and a header cannot carry it.
  .refine((value) => /^[\x21-\x7e]*$/.test(value), 'validation.aiKeyInvalid');

/** One capability as the AI tab shows it. A stored key is never sent: only whether there is one, and a mask. */
/**
 * A provider that failed on its last call (an error, a timeout, a refusal): people are answered by the built-in
 * companion or writer meanwhile. The kind of failure and when it began only, never what was being written.
 * Cleared by the provider's next successful call, or by saving another choice.
 */
export const providerFailureSchema = z.object({
  provider: z.string(),
  reason: z.string(),
  status: z.number().int().nullable(),
  since: z.string(),
});
export type ProviderFailure = z.infer<typeof providerFailureSchema>;

export const aiProviderViewSchema = z.object({
  capability: aiCapabilitySchema,
  source: aiSourceSchema,
  preset: aiPresetSchema.nullable(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  hasKey: z.boolean(),
  /** Like `sk-…abcd`; null without a key, or when the stored key can no longer be read (SECRETS_KEY changed). */
  keyMask: z.string().nullable(),
  /** The provider answering now (the same name as /api/health). */
  active: z.string(),
  /** What the environment variables alone would give (shown beside "Server configuration"). */
  configuration: z.object({ provider: z.string(), baseUrl: z.string().nullable(), model: z.string().nullable() }),
  updatedAt: z.string().nullable(),
  /** Set while the provider answering this capability is failing (the chat and memory writing only). */
  failing: providerFailureSchema.nullable(),
});
export type AiProviderView = z.infer<typeof aiProviderViewSchema>;

/** GET /api/admin/ai */
export const aiSettingsSchema = z.object({ providers: z.array(aiProviderViewSchema) });
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** PUT /api/admin/ai/:capability */
export const aiCapabilityParamsSchema = z.object({ capability: aiCapabilitySchema });

/**
 * What the AI tab saves for one capability. With an endpoint: its address and model; the key field left
 * empty keeps the stored key, `removeKey` clears it. The other sources need nothing else.
 */
export const aiProviderUpdateSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('configuration') }),
  z.strictObject({ source: z.literal('offline') }),
  z.strictObject({
    source: z.literal('openai-compatible'),
    preset: aiPresetSchema,
    baseUrl: aiBaseUrlSchema,
    model: modelSchema,
    apiKey: keySchema.optional(),
    removeKey: z.boolean().optional(),
  }),
  z.strictObject({ source: z.literal('local-model'), model: localModelFileSchema }),
]);
export type AiProviderUpdate = z.infer<typeof aiProviderUpdateSchema>;

/**
 * An endpoint to try before (or after) saving: the key typed now, or — left empty — the capability's stored
 * key, which is only ever sent to the address it was saved with.
 */
export const aiEndpointSchema = z.strictObject({
  capability: aiCapabilitySchema,
  baseUrl: aiBaseUrlSchema,
  apiKey: keySchema.optional(),
});

/** POST /api/admin/ai/models */
export const aiModelsRequestSchema = aiEndpointSchema;
export type AiModelsRequest = z.infer<typeof aiModelsRequestSchema>;

/** POST /api/admin/ai/test */
export const aiTestRequestSchema = aiEndpointSchema.extend({ model: modelSchema });
export type AiTestRequest = z.infer<typeof aiTestRequestSchema>;

/**
 * Why an endpoint did not work, in a word the web app words for people:
 * unreachable (nothing answers at that address), timeout, unauthorized (the key is refused), forbidden,
 * not-found (no such path or model), rate-limited, rejected (the endpoint refused the request), upstream
 * (it failed on its side), invalid-answer (it answered something that is not the API), model-missing (the
 * endpoint does not list the model); for the local model, model-missing (no such file), busy (its queue is
 * full) and unloadable (the file is not a model it can run).
 */
export const AI_FAILURES = [
  'unreachable',
  'timeout',
  'unauthorized',
  'forbidden',
  'not-found',
  'rate-limited',
  'rejected',
  'upstream',
  'invalid-answer',
  'model-missing',
  'busy',
  'unloadable',
] as const;
export const aiFailureSchema = z.enum(AI_FAILURES);
export type AiFailure = z.infer<typeof aiFailureSchema>;

const failureSchema = z.object({ ok: z.literal(false), reason: aiFailureSchema, status: z.number().int().nullable() });

export const aiModelsResponseSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), models: z.array(z.string()) }), failureSchema]);
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

export const aiTestResponseSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), latencyMs: z.number().int().min(0) }), failureSchema]);
export type AiTestResponse = z.infer<typeof aiTestResponseSchema>;

/** POST /api/admin/ai/local/test: one tiny generation by the local model, queued like any other. */
export const localModelTestRequestSchema = z.strictObject({ capability: aiCapabilitySchema, model: localModelFileSchema });
export type LocalModelTestRequest = z.infer<typeof localModelTestRequestSchema>;

/**
 * Where a local model file stands: not-downloaded (no such file yet), downloading (with `percent`), loading
 * (being read into memory), ready, busy (writing a reply; `queued` more wait), failed (it could not be loaded).
 */
export const LOCAL_MODEL_STATES = ['not-downloaded', 'downloading', 'loading', 'ready', 'busy', 'failed'] as const;
export const localModelStateSchema = z.enum(LOCAL_MODEL_STATES);
export type LocalModelState = z.infer<typeof localModelStateSchema>;

export const localModelStatusSchema = z.object({
  fileName: z.string(),
  state: localModelStateSchema,
  /** Of the download, while there is one and its size is known. */
  percent: z.number().int().min(0).max(100).nullable(),
  queued: z.number().int().min(0),
});
export type LocalModelStatus = z.infer<typeof localModelStatusSchema>;

export const DOWNLOAD_STATES = ['downloading', 'verifying', 'done', 'failed', 'cancelled', 'paused'] as const;
/** Why a download stopped: see the AI tab's wording. */
export const DOWNLOAD_FAILURES = ['memory', 'disk-full', 'no-hash', 'bad-size', 'bad-hash', 'http', 'network', 'address'] as const;

export const localModelDownloadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  receivedBytes: z.number().int().min(0),
  totalBytes: z.number().int().min(0).nullable(),
  failure: z.enum(DOWNLOAD_FAILURES).nullable(),
  status: z.number().int().nullable(),
});
export type LocalModelDownload = z.infer<typeof localModelDownloadSchema>;

/** GET /api/admin/ai/local: the model files here, the suggested ones, the downloads and what the machine has. */
export const localModelOverviewSchema = z.object({
  machine: z.object({ totalMemoryBytes: z.number().int(), freeMemoryBytes: z.number().int(), freeDiskBytes: z.number().int() }),
  files: z.array(localModelStatusSchema.extend({ sizeBytes: z.number().int().min(0) })),
  suggested: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      fileName: z.string(),
      url: z.string(),
      sizeBytes: z.number().int().nullable(),
      memoryBytes: z.number().int(),
      licence: z.string(),
      /** A published SHA-256 is known; without one the administrator gives it. */
      hasHash: z.boolean(),
      /** This machine has the memory the model needs. */
      fits: z.boolean(),
    }),
  ),
  downloads: z.array(localModelDownloadSchema),
});
export type LocalModelOverview = z.infer<typeof localModelOverviewSchema>;

export const SHA256_LENGTH = 64;
const sha256Schema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'validation.sha256Invalid')
  .transform((value) => value.toLowerCase());
const suggestedIdSchema = z.string().min(1).max(100).regex(/^[a-z0-9][a-z0-9._-]*$/, 'validation.invalid');

/** POST /api/admin/ai/local/downloads: one of the suggested models, or a file at an address (with its hash). */
export const localModelDownloadRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('suggested'), id: suggestedIdSchema, sha256: sha256Schema.optional() }),
  z.strictObject({
    kind: z.literal('url'),
    url: aiBaseUrlSchema,
    sha256: sha256Schema,
    /** Size in bytes, when known: checked, and used to tell whether the machine has the memory. */
    sizeBytes: z.number().int().min(1).max(1024 ** 4).optional(),
    /** The name it gets in the models folder; by default the address's last part. */
    fileName: localModelFileSchema.optional(),
  }),
]);
export type LocalModelDownloadRequest = z.infer<typeof localModelDownloadRequestSchema>;

/** The download started, or why this machine refuses it (nothing was fetched). */
export const localModelDownloadResponseSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), overview: localModelOverviewSchema }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['memory', 'disk-full', 'no-hash', 'no-file-name']),
    memory: z.object({ neededBytes: z.number().int(), totalBytes: z.number().int() }),
    disk: z.object({ neededBytes: z.number().int().nullable(), freeBytes: z.number().int() }),
  }),
]);
export type LocalModelDownloadResponse = z.infer<typeof localModelDownloadResponseSchema>;

/** DELETE /api/admin/ai/local/downloads/:id */
export const localModelDownloadParamsSchema = z.object({ id: z.string().min(1).max(LOCAL_MODEL_FILE_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'validation.invalid') });
