import { z } from 'zod';

/** What the administrators choose a provider for, one section each in the AI tab. */
export const AI_CAPABILITIES = ['chat', 'text', 'image', 'transcription'] as const;
export const aiCapabilitySchema = z.enum(AI_CAPABILITIES);
export type AiCapability = z.infer<typeof aiCapabilitySchema>;

/**
 * Where a capability's provider comes from:
 * - `configuration`: the environment variables (AI_BASE_URL…), or the built-in default when they say nothing;
 * - `offline`: the built-in default whatever the environment says (for voice: no transcription);
 * - `openai-compatible`: the endpoint saved in the AI tab.
 * The private model run by this server joins these once it exists.
 */
export const AI_SOURCES = ['configuration', 'offline', 'openai-compatible'] as const;
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

export const AI_BASE_URL_MAX = 500;
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
 * endpoint does not list the model).
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
] as const;
export const aiFailureSchema = z.enum(AI_FAILURES);
export type AiFailure = z.infer<typeof aiFailureSchema>;

const failureSchema = z.object({ ok: z.literal(false), reason: aiFailureSchema, status: z.number().int().nullable() });

export const aiModelsResponseSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), models: z.array(z.string()) }), failureSchema]);
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

export const aiTestResponseSchema = z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), latencyMs: z.number().int().min(0) }), failureSchema]);
export type AiTestResponse = z.infer<typeof aiTestResponseSchema>;
