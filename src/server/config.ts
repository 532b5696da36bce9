import path from 'node:path';
import { z } from 'zod';

/** The sender of every e-mail when MAIL_FROM is unset: an address at a domain that reaches nobody. */
const DEFAULT_MAIL_FROM = 'Souvenir <no-reply@souvenir.local>';
/** The privacy policy's contact when no address is configured; it reaches nobody. */
export const PRIVACY_CONTACT_PLACEHOLDER = 'privacy@souvenir.local';

// Empty strings in an environment (or a copied .env.example) mean "not set".
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const flag = (fallback: boolean) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? fallback : v),
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
  );

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default('0.0.0.0'),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://souvenir.example' })),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default('info'),
  BETTER_AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /** Seals the API keys saved in the admin panel's AI tab; a key made once in DATA_DIR when unset. */
  SECRETS_KEY: optional(z.string().min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string().min(3)).default(DEFAULT_MAIL_FROM),
  ADMIN_EMAILS: optional(
    z
      .string()
      .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  ).default([]),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  /** Single sign-on through an OpenID Connect provider: its issuer (discovery at <issuer>/.well-known/openid-configuration). */
  OIDC_ISSUER_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://auth.example.org/application/o/souvenir/' })),
  OIDC_CLIENT_ID: optional(z.string()),
  OIDC_CLIENT_SECRET: optional(z.string()),
  /** The sign-in button's name for the provider ("Authentik", "Keycloak"); a translated generic label without it. */
  OIDC_BUTTON_LABEL: optional(z.string().trim().min(1).max(40, 'must be at most 40 characters')),
  TRUST_PROXY: flag(false),
  RATE_LIMIT_AUTH_MAX: optional(z.coerce.number().int().min(1)).default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: optional(z.coerce.number().int().min(1)).default(60),
  /** The privacy policy's contact address; the mail sender's address when unset. */
  PRIVACY_CONTACT: optional(z.email('must be an e-mail address such as privacy@souvenir.example')),
  /** The older name of PRIVACY_CONTACT, still read when PRIVACY_CONTACT is unset. */
  PRIVACY_EMAIL: optional(z.email('must be an e-mail address such as privacy@souvenir.example')),
  SERVE_WEB: flag(true),
  AI_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })),
  AI_API_KEY: optional(z.string()),
  AI_CHAT_MODEL: optional(z.string().min(1)).default('gpt-4o-mini'),
  AI_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(600)).default(30),
  AI_TRANSCRIBE_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://localhost:8000/v1' })),
  AI_TRANSCRIBE_MODEL: optional(z.string().min(1)),
  RATE_LIMIT_CHAT_MAX: optional(z.coerce.number().int().min(1)).default(20),
  /** How often the server checks whether today's scheduled reminder run is due. */
  REMINDER_CHECK_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1)).default(3600),
  /** Data exports per person and hour (each one reads every stored image). */
  RATE_LIMIT_EXPORT_MAX: optional(z.coerce.number().int().min(1)).default(5),
  /** Memory books per person and hour (each one reads and re-encodes every artwork of its year or month). */
  RATE_LIMIT_BOOK_MAX: optional(z.coerce.number().int().min(1)).default(6),
  /** Picture uploads (one's own, the agent's) per person and minute: each one decodes an image. */
  RATE_LIMIT_UPLOAD_MAX: optional(z.coerce.number().int().min(1)).default(5),
  AI_TEXT_MODEL: optional(z.string().min(1)),
  AI_IMAGE_MODEL: optional(z.string().min(1)),
  AI_IMAGE_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(600)).default(120),
  RATE_LIMIT_GENERATION_MAX: optional(z.coerce.number().int().min(1)).default(5),
  /** A GGUF model file run in-process (absolute, or a file name under <DATA_DIR>/models). */
  LOCAL_MODEL_PATH: optional(z.string().min(1)),
  LOCAL_MODEL_THREADS: optional(z.coerce.number().int().min(1).max(256)),
  LOCAL_MODEL_CONTEXT_SIZE: optional(z.coerce.number().int().min(512).max(131072)).default(4096),
  /** Conversations whose prompt the local model keeps cached between turns; each costs a context's worth of memory. */
  LOCAL_MODEL_CONVERSATIONS: optional(z.coerce.number().int().min(1).max(16)).default(2),
  /** Lets the local model use a GPU build, once one is installed (decision 0036: CPU only by default). */
  LOCAL_MODEL_GPU: flag(false),
  CHAT_OFFLINE_DELAY_MS: optional(z.coerce.number().int().min(0).max(1000)).default(15),
  // Files (artworks, avatars): the folder under DATA_DIR unless S3_BUCKET names an S3-compatible bucket.
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 or auto')).default('us-east-1'),
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com' })),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PREFIX: optional(
    z
      .string()
      .transform((v) => v.replace(/^\/+|\/+$/g, ''))
      .pipe(z.string().regex(/^(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/, 'must be folder names (letters, digits, - and _) separated by /')),
  ),
  STORAGE_MIGRATION_ALLOWED_HOSTS: optional(
    z
      .string()
      .transform((v) => v.split(',').map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z0-9.:-]+$/, 'must be a comma-separated list of host names or IP addresses'))),
  ).default([]),
  STORAGE_MIGRATION_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(300)).default(30),
  /** Read only to refuse an implicit test checkout in production. */
  NODE_ENV: optional(z.string()),
  // How people get access: Stripe payments, a private instance where everyone signed in has access, or the
  // test checkout. Unset: Stripe with a key; without one the sandbox, except in production (refused below).
  BILLING: optional(z.enum(['stripe', 'off', 'sandbox'], { error: 'must be stripe, off or sandbox' })),
  // Who may create an account: anyone, only people an administrator invited, or nobody.
  REGISTRATION: optional(z.enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' })).default('open'),
  INVITATION_TTL_DAYS: optional(z.coerce.number().int().min(1).max(90)).default(7),
  // Automatic backups under <DATA_DIR>/backups: each day at this UTC time ("off" to stop), keeping this many.
  BACKUP_TIME: optional(z.union([z.literal('off'), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a UTC time such as 03:00, or off')])).default('03:00'),
  BACKUP_KEEP: optional(z.coerce.number().int().min(1).max(365)).default(7),
  // How often each process looks whether the day's backup is due (one of them makes it).
  BACKUP_CHECK_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(60),
  // Billing: Stripe when STRIPE_SECRET_KEY is set, the local sandbox otherwise.
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_…)')),
  STRIPE_PRICE_ID_EN: optional(z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)')),
  STRIPE_PRICE_ID_FR: optional(z.string().regex(/^price_[A-Za-z0-9]+$/, 'must be a Stripe price id (price_…)')),
  /** Where the Stripe SDK sends its calls (tests and local stand-ins); Stripe's own API by default. */
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  /** How long one Stripe call may take before it is abandoned (it is retried once). */
  STRIPE_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(120)).default(20),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** PUBLIC_URL as set; null when links follow the address each person used (docs/configuration.md). */
    explicitPublicUrl: env.PUBLIC_URL ? publicUrl : null,
    /**
     * Origins whose pages may send state-changing requests. Without PUBLIC_URL the app is reached on
     * this machine, by any loopback spelling of its address.
     */
    trustedOrigins: env.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`),
    /** Cookies get the Secure flag and responses HSTS when the public address is HTTPS. */
    secure: publicUrl.startsWith('https://'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    logLevel: env.LOG_LEVEL,
    authSecret: env.BETTER_AUTH_SECRET ?? null,
    secretsKey: env.SECRETS_KEY ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    adminEmails: env.ADMIN_EMAILS,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    sso:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER_URL.replace(/\/+$/, ''),
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            label: env.OIDC_BUTTON_LABEL ?? null,
          }
        : null,
    trustProxy: env.TRUST_PROXY,
    reminderCheckIntervalMs: env.REMINDER_CHECK_INTERVAL_SECONDS * 1000,
    rateLimit: { authMax: env.RATE_LIMIT_AUTH_MAX, authWindowMs: env.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000, exportMax: env.RATE_LIMIT_EXPORT_MAX, bookMax: env.RATE_LIMIT_BOOK_MAX, uploadMax: env.RATE_LIMIT_UPLOAD_MAX },
    ...privacyContact(env),
    serveWeb: env.SERVE_WEB,
    webDistDir: path.resolve('dist/web'),
    chat: {
      /** Set: replies come from an OpenAI-compatible API; unset: the embedded offline companion. */
      baseUrl: env.AI_BASE_URL?.replace(/\/+$/, '') ?? null,
      apiKey: env.AI_API_KEY ?? null,
      model: env.AI_CHAT_MODEL,
      timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
      /** Replies per person per minute. */
      rateLimitMax: env.RATE_LIMIT_CHAT_MAX,
      /** Pause between the offline companion's words, so its reply streams like a typed one. */
      offlineDelayMs: env.CHAT_OFFLINE_DELAY_MS,
    },
    text: {
      /** Set: titles, reflections and image prompts come from the OpenAI-compatible API; unset: the offline extractor. */
      baseUrl: env.AI_BASE_URL?.replace(/\/+$/, '') ?? null,
      apiKey: env.AI_API_KEY ?? null,
      model: env.AI_TEXT_MODEL ?? env.AI_CHAT_MODEL,
      timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
    },
    localModel: {
      /** The GGUF file the local model runtime loads (resolved against <DATA_DIR>/models); null: none configured. */
      path: env.LOCAL_MODEL_PATH ?? null,
      /** CPU threads per generation; null: every core but one. */
      threads: env.LOCAL_MODEL_THREADS ?? null,
      contextSize: env.LOCAL_MODEL_CONTEXT_SIZE,
      conversations: env.LOCAL_MODEL_CONVERSATIONS,
      /** 'auto': a GPU build when one is installed (an opt-in, see docs/local-model.md); false: the CPU build only. */
      gpu: env.LOCAL_MODEL_GPU ? ('auto' as const) : (false as const),
    },
    image: {
      /** With AI_IMAGE_MODEL: the OpenAI-compatible images API; otherwise the offline generative-art renderer. */
      baseUrl: env.AI_BASE_URL?.replace(/\/+$/, '') ?? null,
      apiKey: env.AI_API_KEY ?? null,
      model: env.AI_IMAGE_MODEL ?? null,
      timeoutMs: env.AI_IMAGE_TIMEOUT_SECONDS * 1000,
    },
    generation: {
      /** Generation requests per person per minute (replays and refusals included). */
      rateLimitMax: env.RATE_LIMIT_GENERATION_MAX,
      /**
       * After this long a running generation is taken as dead (its process stopped) and its daily slot given
       * back: at least 10 minutes, and always longer than the timeouts let one run (two text calls, the image
       * and its download, then storage).
       */
      staleAfterMs: Math.max(10 * 60_000, (2 * env.AI_TIMEOUT_SECONDS + 2 * env.AI_IMAGE_TIMEOUT_SECONDS + 120) * 1000),
    },
    transcription: {
      /** Its own server (a local Whisper, say) or the chat API's; with AI_TRANSCRIBE_MODEL, voice is available. */
      baseUrl: (env.AI_TRANSCRIBE_BASE_URL ?? env.AI_BASE_URL)?.replace(/\/+$/, '') ?? null,
      apiKey: env.AI_API_KEY ?? null,
      model: env.AI_TRANSCRIBE_MODEL ?? null,
      timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
    },
    backups: {
      dir: path.join(path.resolve(env.DATA_DIR), 'backups'),
      /** Minutes after midnight UTC of the daily backup; null when turned off. */
      dailyAtMinute: env.BACKUP_TIME === 'off' ? null : Number(env.BACKUP_TIME.slice(0, 2)) * 60 + Number(env.BACKUP_TIME.slice(3)),
      keep: env.BACKUP_KEEP,
      checkIntervalMs: env.BACKUP_CHECK_INTERVAL_SECONDS * 1000,
    },
    registration: { mode: env.REGISTRATION, invitationTtlMs: env.INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000 },
    billing: billingMode(env) === 'stripe' && env.STRIPE_SECRET_KEY
      ? {
          provider: 'stripe' as const,
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          /** Built-in defaults when the administrators' settings name no price. */
          priceIds: { en: env.STRIPE_PRICE_ID_EN ?? null, fr: env.STRIPE_PRICE_ID_FR ?? null },
          apiUrl: env.STRIPE_API_URL ?? null,
          timeoutMs: env.STRIPE_TIMEOUT_SECONDS * 1000,
        }
      : { provider: billingMode(env) === 'off' ? ('off' as const) : ('sandbox' as const) },
    storage: {
      /** Set: files live in an S3-compatible bucket; null: in `<DATA_DIR>/files`. Served at /files/<key> either way. */
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_PREFIX ?? '',
          }
        : null,
      migration: {
        /** Hosts whose private or loopback addresses migration may still reach (tests, a LAN image server). */
        allowedHosts: env.STORAGE_MIGRATION_ALLOWED_HOSTS,
        timeoutMs: env.STORAGE_MIGRATION_TIMEOUT_SECONDS * 1000,
      },
    },
  };
}

/** The billing mode in force: the explicit choice, else Stripe with a key, else the sandbox. */
function billingMode(env: { BILLING?: 'stripe' | 'off' | 'sandbox' | undefined; STRIPE_SECRET_KEY?: string | undefined }) {
  return env.BILLING ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
}

/** The address in a sender such as `Souvenir <hello@souvenir.example>` or `hello@souvenir.example`; null if none. */
function senderAddress(from: string): string | null {
  const address = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  return z.email().safeParse(address).success ? address : null;
}

/**
 * Who the privacy policy tells people to write to: PRIVACY_CONTACT (or its older name PRIVACY_EMAIL), else the
 * address every e-mail is sent from. An address at `souvenir.local` (the defaults' domain) reaches nobody: it is a
 * placeholder, which the admin panel points out until one is configured.
 */
function privacyContact(env: { PRIVACY_CONTACT?: string | undefined; PRIVACY_EMAIL?: string | undefined; MAIL_FROM: string }) {
  const named = env.PRIVACY_CONTACT ?? env.PRIVACY_EMAIL;
  const address = named ?? senderAddress(env.MAIL_FROM);
  const placeholder = address === null || /@souvenir\.local$/i.test(address);
  return {
    /** The privacy policy's contact address. */
    privacyEmail: address !== null && (named !== undefined || !placeholder) ? address : PRIVACY_CONTACT_PLACEHOLDER,
    /** True while that address is a placeholder that reaches nobody. */
    privacyContactPlaceholder: placeholder,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/configuration.md.`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError naming every offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Checked apart from the schema so that it is reported together with every other problem.
  const oidc = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcMissing = oidc.filter((name) => !env[name]);
  if (oidcMissing.length > 0 && oidcMissing.length < oidc.length) {
    problems.push(`${oidcMissing.join(', ')}: single sign-on needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together`);
  }
  if (env.OIDC_BUTTON_LABEL && oidcMissing.length > 0) problems.push('OIDC_BUTTON_LABEL: needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  // Half a transcription setup is a mistake, not a choice: say so rather than silently disable voice.
  if (env.AI_TRANSCRIBE_BASE_URL && !env.AI_TRANSCRIBE_MODEL) {
    problems.push('AI_TRANSCRIBE_MODEL: must be set when AI_TRANSCRIBE_BASE_URL is');
  }
  if (env.AI_TRANSCRIBE_MODEL && !env.AI_TRANSCRIBE_BASE_URL && !env.AI_BASE_URL) {
    problems.push('AI_TRANSCRIBE_MODEL: needs AI_TRANSCRIBE_BASE_URL or AI_BASE_URL');
  }
  // A bucket needs its keys (no silent fallback to ambient credentials), and S3_* settings need a bucket.
  if (env.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]) problems.push(`${name}: must be set when S3_BUCKET is (the bucket's access key and secret)`);
    }
  } else {
    const orphans = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'].filter((name) => env[name]);
    if (env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1') orphans.push('S3_FORCE_PATH_STYLE');
    if (orphans.length > 0) problems.push(`S3_BUCKET: must be set when ${orphans.join(', ')} ${orphans.length > 1 ? 'are' : 'is'}`);
  }
  // Without its webhook secret Stripe could take payments the app never hears about.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is (subscriptions are learnt from the webhook)');
  }
  const stripeOrphans = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID_EN', 'STRIPE_PRICE_ID_FR', 'STRIPE_API_URL'].filter((name) => env[name]);
  const billing = env.BILLING || undefined;
  if (billing === 'stripe' && !env.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: must be set when BILLING=stripe');
  // A test checkout that opens the product to anyone who clicks "pay" must be a choice, never an accident.
  if (!billing && !env.STRIPE_SECRET_KEY && env.NODE_ENV === 'production') {
    problems.push(
      'BILLING: must be chosen in production when STRIPE_SECRET_KEY is not set: BILLING=off for a private instance (everyone signed in has access), STRIPE_SECRET_KEY for payments, or BILLING=sandbox for a test checkout',
    );
  }
  if ((billing === 'off' || billing === 'sandbox') && env.STRIPE_SECRET_KEY) problems.push(`BILLING: is ${billing}, so STRIPE_SECRET_KEY must not be set (or set BILLING=stripe)`);
  if (!env.STRIPE_SECRET_KEY && stripeOrphans.length > 0) problems.push(`STRIPE_SECRET_KEY: must be set when ${stripeOrphans.join(', ')} ${stripeOrphans.length > 1 ? 'are' : 'is'}`);
  if (env.AI_IMAGE_MODEL && !env.AI_BASE_URL) {
    problems.push('AI_IMAGE_MODEL: needs AI_BASE_URL');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return toConfig(parsed.data);
}
