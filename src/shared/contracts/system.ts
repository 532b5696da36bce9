import { z } from 'zod';
import { AGENT_GENDERS } from '../limits';
import { aiCapabilitySchema, localModelStatusSchema, providerFailureSchema } from './ai';

export const providerNamesSchema = z.object({
  chat: z.string(),
  text: z.string(),
  transcription: z.string(),
  image: z.string(),
  billing: z.string(),
  mail: z.string(),
  storage: z.string(),
  googleSignIn: z.string(),
  /** Where the local model answering conversation or memory writing stands; null where another provider answers. */
  localModel: z.object({ chat: localModelStatusSchema.nullable(), text: localModelStatusSchema.nullable() }),
});
export type ProviderNames = z.infer<typeof providerNamesSchema>;

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  providers: providerNamesSchema,
  /**
   * The AI providers whose last call failed: `degraded` while any is listed, though people are still answered
   * by the built-in companion and writer. Which provider and what kind of failure, never any conversation.
   */
  failing: z.array(providerFailureSchema.extend({ capability: aiCapabilitySchema })),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/public-config — only whitelisted, non-secret values reach the browser. */
export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** Single sign-on through the instance's OpenID provider, with the button's name when one is set. */
  sso: z.object({ label: z.string().nullable() }).nullable(),
  /** False when administrators turned e-mail and password sign-in off: single sign-on only. */
  passwordSignIn: z.boolean(),
  emailVerificationRequired: z.boolean(),
  mailProvider: z.enum(['outbox', 'smtp']),
  privacyEmail: z.string(),
  /** True while the privacy contact is the placeholder address nobody reads (the admin panel says so). */
  privacyContactPlaceholder: z.boolean(),
  /** Who may create an account: anyone, invited people only (with a link), or nobody. */
  registration: z.enum(['open', 'invite', 'closed']),
  /** 'off': a private instance; no pricing, no subscribe buttons. */
  billing: z.enum(['stripe', 'sandbox', 'off']),
  /** How French speaks of the companion ("ta compagne", "ton compagnon", or words without agreement), on every page. */
  agentGender: z.enum(AGENT_GENDERS),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
