import { z } from 'zod';
import { HOME_MEMORIES_COUNT } from '../limits';

/** One memory as cards and lists show it (spec §3 souvenirs). The conversation never leaves the browser. */
export const memorySummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  imageUrl: z.string(),
  liked: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Set when the day's conversation is kept on the device that wrote it (spec: view-conversation button). */
  conversationId: z.string().nullable(),
});
export type MemorySummary = z.infer<typeof memorySummarySchema>;

/** GET /api/memories/recent — the home grid: the latest memories of the signed-in person, newest first. */
export const recentMemoriesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'validation.limitInvalid' }).int('validation.limitInvalid').min(1, 'validation.limitInvalid').max(HOME_MEMORIES_COUNT, 'validation.limitInvalid').default(HOME_MEMORIES_COUNT),
});
export const recentMemoriesResponseSchema = z.object({ items: z.array(memorySummarySchema) });
export type RecentMemoriesResponse = z.infer<typeof recentMemoriesResponseSchema>;
