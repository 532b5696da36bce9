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

/**
 * GET /api/memories/{id} — one of the signed-in person's memories, as its page shows it. 404 NOT_FOUND for
 * an unknown or malformed id and for another person's memory (never saying which).
 */
export const memoryDetailSchema = memorySummarySchema.extend({
  /** The WebP thumbnail stored beside the image, when the image is one of the app's own files. */
  thumbnailUrl: z.string().nullable(),
  /** The reflection; null when none was made. */
  poeticSummary: z.string().nullable(),
});
export type MemoryDetail = z.infer<typeof memoryDetailSchema>;

/** GET /api/memories/recent — the home grid: the latest memories of the signed-in person, newest first. */
export const recentMemoriesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'validation.limitInvalid' }).int('validation.limitInvalid').min(1, 'validation.limitInvalid').max(HOME_MEMORIES_COUNT, 'validation.limitInvalid').default(HOME_MEMORIES_COUNT),
});
export const recentMemoriesResponseSchema = z.object({ items: z.array(memorySummarySchema) });
export type RecentMemoriesResponse = z.infer<typeof recentMemoriesResponseSchema>;

/**
 * GET /api/memories/migration — the signed-in person's memories whose image is still at an image
 * provider's temporary address (spec §2 Home banner): how many, and which, so the browser can migrate
 * them one at a time and count successes and failures.
 */
export const imageMigrationStatusSchema = z.object({
  pending: z.number().int().min(0),
  ids: z.array(z.uuid()),
});
export type ImageMigrationStatus = z.infer<typeof imageMigrationStatusSchema>;

/**
 * POST /api/memories/migration/{id} — copies one memory's image into the app's storage and points the
 * memory at it. 404 NOT_FOUND for an unknown (or malformed) id or another person's memory;
 * 502 IMAGE_MIGRATION_FAILED when the image could not be downloaded, was not an image or could not be
 * stored (the memory is unchanged). A memory already migrated answers its current address.
 */
export const imageMigrationResultSchema = z.object({ imageUrl: z.string() });
export type ImageMigrationResult = z.infer<typeof imageMigrationResultSchema>;
