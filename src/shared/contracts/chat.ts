import { z } from 'zod';
import { LANGUAGES } from '../limits';

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
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
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

export const chatStatusResponseSchema = z.object({
  journalDays: z.number().int(),
  hasAccess: z.boolean(),
  agent: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  firstName: z.string(),
});
export type ChatStatusResponse = z.infer<typeof chatStatusResponseSchema>;
