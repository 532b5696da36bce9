import { z } from 'zod';
import { KEEPING_CONVERSATION_MAX_BYTES, KEEPING_KDF_ITERATIONS, KEEPING_KDF_ITERATIONS_MAX } from '../limits';

/**
 * Conversations kept across devices. The browser encrypts; the server only ever sees the shapes below:
 * base64url text (no padding) whose decoded lengths are checked here, so that anything that is not
 * well-formed ciphertext is refused before it is stored.
 */

/** Base64url without padding that decodes to exactly `bytes` bytes. */
const exactBytes = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), 'validation.keepingMalformed');

/** The length in bytes of unpadded base64url text; null when no byte string encodes to it. */
export function base64urlByteLength(text: string): number | null {
  if (text.length % 4 === 1) return null;
  return Math.floor((text.length * 3) / 4);
}

/** AES-GCM adds a 16-byte tag: a ciphertext is at least that and a byte of content. */
export const AES_GCM_TAG_BYTES = 16;
const CIPHERTEXT_MIN_BYTES = AES_GCM_TAG_BYTES + 1;

const ciphertext = (maxBytes: number) =>
  z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3), 'validation.keepingTooLarge')
    .regex(/^[A-Za-z0-9_-]+$/, 'validation.keepingMalformed')
    .refine((text) => {
      const bytes = base64urlByteLength(text);
      return bytes !== null && bytes >= CIPHERTEXT_MIN_BYTES && bytes <= maxBytes;
    }, 'validation.keepingMalformed');

/** AES-GCM's 96-bit nonce, fresh for every encryption. */
export const ivSchema = exactBytes(12);
/** A wrapped 256-bit data key: 32 bytes and the tag. */
const wrappedKeySchema = z.strictObject({ iv: ivSchema, key: exactBytes(32 + AES_GCM_TAG_BYTES) });

/**
 * The person's key envelope: the random data key, wrapped once by a key derived from their passphrase
 * (PBKDF2-SHA-256) and once by a key derived from their recovery key (HKDF-SHA-256). Holds nothing that
 * opens a conversation without one of the two secrets.
 */
export const keyEnvelopeSchema = z.strictObject({
  v: z.literal(1),
  kdf: z.strictObject({
    name: z.literal('PBKDF2-SHA-256'),
    iterations: z.int().min(KEEPING_KDF_ITERATIONS).max(KEEPING_KDF_ITERATIONS_MAX),
    salt: exactBytes(16),
  }),
  passphrase: wrappedKeySchema,
  recovery: wrappedKeySchema.extend({ salt: exactBytes(16) }),
});
export type KeyEnvelope = z.infer<typeof keyEnvelopeSchema>;

/** One conversation, encrypted: version, the nonce, and the ciphertext with its tag. */
export const conversationEnvelopeSchema = z.strictObject({
  v: z.literal(1),
  iv: ivSchema,
  ct: ciphertext(KEEPING_CONVERSATION_MAX_BYTES),
});
export type ConversationEnvelope = z.infer<typeof conversationEnvelopeSchema>;

/** The browser names conversations with random UUIDs. */
export const keptConversationParamsSchema = z.strictObject({ conversationId: z.uuid() });

/** POST /api/keeping (turn on) and PUT /api/keeping/keys (a new passphrase: the same data key, wrapped anew). */
export const keepingKeysSchema = z.strictObject({ keys: keyEnvelopeSchema });

/** PUT /api/keeping/offer: "Not now" (true), or asking to be offered again (false). */
export const keepingOfferSchema = z.strictObject({ declined: z.boolean() });

/** GET /api/keeping */
export const keepingStatusSchema = z.object({
  enabled: z.boolean(),
  /** The person said "Not now" (or turned keeping off): the offer after a memory is not made again. */
  offerDeclined: z.boolean(),
  keys: keyEnvelopeSchema.nullable(),
  conversations: z.int(),
  bytes: z.int(),
  maxBytes: z.int(),
});
export type KeepingStatus = z.infer<typeof keepingStatusSchema>;

/** GET /api/keeping/conversations */
export const keptConversationListSchema = z.object({
  items: z.array(z.object({ conversationId: z.string(), bytes: z.int(), updatedAt: z.string() })),
});
export type KeptConversationList = z.infer<typeof keptConversationListSchema>;

/** GET /api/keeping/conversations/:conversationId */
export const keptConversationSchema = z.object({
  conversationId: z.string(),
  envelope: conversationEnvelopeSchema,
  updatedAt: z.string(),
});
export type KeptConversation = z.infer<typeof keptConversationSchema>;
