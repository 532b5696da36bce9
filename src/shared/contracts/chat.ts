import { z } from 'zod';
import { AGENT_GENDERS, LANGUAGES } from '../limits';
import { SAFETY_COUNTRIES } from '../safety';

/** Size limits of one reply request: a day's conversation of about an hour fits well within them. */
export const CHAT_MESSAGES_MAX = 60;
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_TOTAL_MAX = 60_000;

// Messages are translation keys (namespace "validation"), as in the other contracts.
export const chatMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant'], { error: 'validation.chatRoleInvalid' }),
  content: z
    .string({ error: 'validation.chatMessageRequired' })
    .trim()
    .min(1, 'validation.chatMessageRequired')
    .max(CHAT_MESSAGE_MAX, 'validation.chatMessageTooLong'),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/chat/reply — the whole day's conversation (the server keeps none of it), ending with the person's message. */
export const chatReplyRequestSchema = z
  .strictObject({
    conversationId: z.uuid('validation.conversationIdInvalid'),
    language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
    messages: z
      .array(chatMessageSchema, { error: 'validation.chatMessagesRequired' })
      .min(1, 'validation.chatMessagesRequired')
      .max(CHAT_MESSAGES_MAX, 'validation.chatTooManyMessages'),
    /**
     * The country whose helplines the chat shows (the profile's choice, else the browser's guess): only
     * counted, with the day and language, when the safety layer refers the person to help.
     */
    country: z.enum(SAFETY_COUNTRIES, { error: 'validation.countryInvalid' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.messages.at(-1)?.role !== 'user') {
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'validation.chatLastMessageNotUser' });
    }
    if (value.messages.reduce((sum, m) => sum + m.content.length, 0) > CHAT_TOTAL_MAX) {
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'validation.chatConversationTooLong' });
    }
  });
export type ChatReplyRequest = z.infer<typeof chatReplyRequestSchema>;

/**
 * The reply streams as Server-Sent Events: one `data: <ChatStreamEvent as JSON>` per event,
 * deltas first, then exactly one `done` or one `error` (whose code is an errors.ts code).
 * When the safety layer is worried about the person, one `safety` event comes before the first delta:
 * `crisis` opens the help panel; `concern` only draws attention to the "Need help now?" button.
 * `standIn` comes before the first delta when the chosen AI service failed and the built-in companion
 * answers this turn instead: the app says so under the reply.
 * `disclosure` comes before the first delta when the server decides the chat must say again who answers
 * (`return`: after seven days away; `long`: three hours into a conversation): one quiet line, the header's words.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('safety'), level: z.enum(['concern', 'crisis']) }),
  z.object({ type: z.literal('standIn'), reason: z.literal('provider-failed') }),
  z.object({ type: z.literal('disclosure'), reason: z.enum(['return', 'long']) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), code: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** GET /api/chat/status?language=en|fr — what the home and chat screens need before a session. */
export const chatStatusQuerySchema = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }).optional(),
});
export type ChatStatusQuery = z.infer<typeof chatStatusQuerySchema>;

/** Today's generation allowance: images left today (UTC date), never below 0. */
export const generationLimitSchema = z.object({
  remaining: z.number().int().min(0),
  limit: z.number().int().min(0),
  canGenerate: z.boolean(),
});
export type GenerationLimit = z.infer<typeof generationLimitSchema>;

export const chatStatusResponseSchema = z.object({
  /** Distinct days with a memory; 0 marks the first visit (long welcome, free session). */
  journalDays: z.number().int(),
  /** May talk with the agent today: active subscription, free access, or no journaled day yet. */
  hasAccess: z.boolean(),
  /** Whether the person is subscribed; free access counts as active. */
  subscription: z.object({ active: z.boolean(), freeAccess: z.boolean() }),
  generation: generationLimitSchema,
  /** `gender`: how French speaks of the agent, for the chat's words about it ("Mira est la compagne…"). */
  agent: z.object({ name: z.string(), avatarUrl: z.string().nullable(), gender: z.enum(AGENT_GENDERS) }),
  firstName: z.string(),
  /** A transcription provider is configured: the microphone can be used. */
  voice: z.boolean(),
  /**
   * Who writes the agent's words, for the chat's disclosure: the built-in offline companion (no AI), an AI
   * model run by this server itself (nothing said leaves it), or an AI model elsewhere (any other provider).
   * Said once in the chat's header, never inside a reply.
   */
  companion: z.enum(['offline', 'local', 'ai']),
});
export type ChatStatusResponse = z.infer<typeof chatStatusResponseSchema>;

/** Upload limit of one voice recording (spec: 25 MB, audio only — checked by content, not by name). */
export const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * POST /api/chat/transcribe?language=en|fr — multipart/form-data with one file field `audio`.
 * Refusals: 401 signed out, 402 no access, 400 no file, 413 too large, 415 not audio,
 * 503 TRANSCRIPTION_UNAVAILABLE (no provider configured), 502 TRANSCRIPTION_FAILED, 429 too many.
 */
export const transcribeQuerySchema = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
});
export type TranscribeQuery = z.infer<typeof transcribeQuerySchema>;

export const transcribeResponseSchema = z.object({ text: z.string() });
export type TranscribeResponse = z.infer<typeof transcribeResponseSchema>;
