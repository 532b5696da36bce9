import { z } from 'zod';
import { LANGUAGES, MESSAGES_BEFORE_GENERATION } from '../limits';
import { CHAT_MESSAGES_MAX, CHAT_TOTAL_MAX, chatMessageSchema, generationLimitSchema } from './chat';
import { ianaTimeZoneSchema } from './memories';

/**
 * POST /api/generations — turns the day's conversation into a memory, in one request.
 * Header `Idempotency-Key: <uuid>`: a retry with the same key never creates a second memory
 * (it answers the first one's result, or 409 GENERATION_IN_PROGRESS while that one still runs).
 * Refusals: 401, 400, 402 SUBSCRIPTION_REQUIRED, 429 DAILY_LIMIT_REACHED, 409, and
 * 500 MEMORY_CREATE_FAILED ("Error creating visual memory": nothing was created, the limit is released).
 */
export const generationRequestSchema = z
  .strictObject({
    conversationId: z.uuid('validation.conversationIdInvalid'),
    language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
    messages: z
      .array(chatMessageSchema, { error: 'validation.chatMessagesRequired' })
      .min(MESSAGES_BEFORE_GENERATION, 'validation.generationTooFewMessages')
      .max(CHAT_MESSAGES_MAX, 'validation.chatTooManyMessages'),
    /**
     * The person's time zone (IANA name, as the browser reports it): the memory's words follow the hour on
     * their own clock ("a quiet morning"). Without it, no word names a time of day.
     */
    timeZone: ianaTimeZoneSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.messages.some((m) => m.role === 'user')) {
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'validation.generationTooFewMessages' });
    }
    if (value.messages.reduce((sum, m) => sum + m.content.length, 0) > CHAT_TOTAL_MAX) {
      ctx.addIssue({ code: 'custom', path: ['messages'], message: 'validation.chatConversationTooLong' });
    }
  });
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Which message the person sees once the memory exists: the artwork was made ('created'), or a default
 * artwork stands in because of the image size, a content policy, or another reason.
 */
export const generationOutcomeSchema = z.enum(['created', 'fallback-size', 'fallback-policy', 'fallback']);
export type GenerationOutcome = z.infer<typeof generationOutcomeSchema>;

export const generationResponseSchema = z.object({
  memoryId: z.uuid(),
  outcome: generationOutcomeSchema,
  /** A short, safe description of why the fallback was used, appended to the fallback message. */
  errorDetails: z.string().nullable(),
  /** The title and reflection fell back to the defaults (the text provider failed). */
  textFallback: z.boolean(),
  generation: generationLimitSchema,
});
export type GenerationResponse = z.infer<typeof generationResponseSchema>;
