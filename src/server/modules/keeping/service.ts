import {
  base64urlByteLength,
  keyEnvelopeSchema,
  type ConversationEnvelope,
  type KeepingStatus,
  type KeptConversation,
  type KeptConversationList,
  type KeyEnvelope,
} from '@shared/contracts/keeping';
import { KEEPING_PERSON_MAX_BYTES, KEEPING_PERSON_MAX_CONVERSATIONS } from '@shared/limits';
import { AppError } from '../../app-error';
import type { ProfileService } from '../profile/service';
import type { KeepingRepository } from './repository';

/** What the data export says about the kept conversations, beside their ciphertext. */
export const KEEPING_EXPORT_NOTE =
  'Each conversation was encrypted in your browser with AES-256-GCM (the 12-byte nonce is "iv", the ciphertext with its 16-byte tag is "ciphertext", both base64url; the additional data is "souvenir:v1:<your user id>:<conversation id>"). ' +
  'The key that opens them is in "keys": a random 256-bit data key, wrapped with AES-GCM by a key derived from your passphrase (PBKDF2-SHA-256, the iterations and salt given) and, separately, by a key derived from your recovery key (HKDF-SHA-256 with the salt given). ' +
  'Souvenir never had your passphrase or recovery key, so it cannot decrypt them for you. The simplest way to read them is Profile → "Download my conversations (readable)", which decrypts them in your browser.';

/**
 * Conversations kept across devices. The server checks shapes, sizes and ownership, and stores what it
 * is given: it has no key and cannot read a conversation (docs/keeping.md).
 */
export function createKeepingService(deps: { keeping: KeepingRepository; profiles: ProfileService }) {
  const { keeping, profiles } = deps;

  // Stored envelopes were checked on the way in; one that no longer parses is treated as absent.
  const keysOf = async (userId: string): Promise<KeyEnvelope | null> => {
    const parsed = keyEnvelopeSchema.safeParse(await keeping.findKeys(userId));
    return parsed.success ? parsed.data : null;
  };

  return {
    async status(userId: string): Promise<KeepingStatus> {
      const [keys, usage, profile] = await Promise.all([keysOf(userId), keeping.usage(userId), profiles.getProfile(userId)]);
      return { enabled: keys !== null, offerDeclined: profile.keepingOfferDeclinedAt !== null, keys, ...usage, maxBytes: KEEPING_PERSON_MAX_BYTES };
    },

    /** "Not now" is remembered for the person, on every device they sign in on. */
    async answerOffer(userId: string, declined: boolean): Promise<void> {
      await profiles.setKeepingOfferDeclined(userId, declined);
    },

    async enable(userId: string, keys: KeyEnvelope): Promise<void> {
      if (!(await keeping.insertKeys(userId, keys))) {
        throw new AppError('CONFLICT', 'Keeping is already on: unlock it with the passphrase, or turn it off first.');
      }
    },

    /** A new passphrase: the same data key, wrapped anew by the browser. Nothing else changes. */
    async replaceKeys(userId: string, keys: KeyEnvelope): Promise<void> {
      if (!(await keeping.replaceKeys(userId, keys))) throw new AppError('KEEPING_OFF', 'Keeping is off.');
    },

    /**
     * Turning it off removes the keys and every kept conversation from the server, and counts as "Not now":
     * the offer is not made again after a memory (the profile can turn it back on).
     */
    async disable(userId: string): Promise<void> {
      await keeping.removeAll(userId);
      await profiles.setKeepingOfferDeclined(userId, true);
    },

    async list(userId: string): Promise<KeptConversationList> {
      const rows = await keeping.list(userId);
      return { items: rows.map((row) => ({ conversationId: row.conversationId, bytes: row.bytes, updatedAt: row.updatedAt.toISOString() })) };
    },

    /** Another person's conversation id, or an unknown one, is simply not found. */
    async get(userId: string, conversationId: string): Promise<KeptConversation> {
      const row = await keeping.find(userId, conversationId);
      if (!row || row.version !== 1) throw new AppError('NOT_FOUND', 'No such kept conversation.');
      return {
        conversationId: row.conversationId,
        envelope: { v: 1, iv: row.iv, ct: row.ciphertext },
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async put(userId: string, conversationId: string, envelope: ConversationEnvelope): Promise<void> {
      const bytes = base64urlByteLength(envelope.ct);
      // The contract already refused anything else; this keeps the row's own check honest.
      if (bytes === null) throw new AppError('VALIDATION_FAILED', 'Not well-formed ciphertext.', { ct: ['validation.keepingMalformed'] });
      const outcome = await keeping.put(
        { userId, conversationId, version: envelope.v, iv: envelope.iv, ciphertext: envelope.ct, bytes },
        { maxBytes: KEEPING_PERSON_MAX_BYTES, maxConversations: KEEPING_PERSON_MAX_CONVERSATIONS },
      );
      if (outcome === 'off') throw new AppError('KEEPING_OFF', 'Keeping is off for this person.');
      if (outcome === 'full') throw new AppError('KEEPING_FULL', 'The kept conversations have reached their limit.');
    },

    /** For the data export: the key envelope, every ciphertext, and how to decrypt them. */
    async exportOf(userId: string) {
      const [keys, rows] = await Promise.all([keysOf(userId), keeping.listWithCiphertext(userId)]);
      if (!keys && rows.length === 0) return null;
      return {
        note: KEEPING_EXPORT_NOTE,
        keys,
        conversations: rows.map((row) => ({
          conversationId: row.conversationId,
          version: row.version,
          iv: row.iv,
          ciphertext: row.ciphertext,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
  };
}
export type KeepingService = ReturnType<typeof createKeepingService>;
