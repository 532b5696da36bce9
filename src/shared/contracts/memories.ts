import { z } from 'zod';
import { GALLERY_PAGE_SIZE, GALLERY_YEAR_MIN, HOME_MEMORIES_COUNT, MEMORY_TITLE_MAX } from '../limits';

/** One WebP rendition of an artwork, for `srcset` (decision 0075). */
export const imageSourceSchema = z.object({ width: z.number().int().positive(), url: z.string() });
export type ImageSource = z.infer<typeof imageSourceSchema>;

/**
 * How an artwork was made: drawn by an AI image service from the day's prompt, or composed by Souvenir's
 * built-in renderer (no AI). Null for memories made before this was recorded.
 */
export const ARTWORK_ORIGINS = ['ai-service', 'renderer'] as const;
export type ArtworkOrigin = (typeof ARTWORK_ORIGINS)[number];
const artworkOriginSchema = z.enum(ARTWORK_ORIGINS).nullable();

/** One memory as cards and lists show it (a row of souvenirs). The conversation never leaves the browser. */
export const memorySummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  imageUrl: z.string(),
  liked: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Set when the day's conversation is kept on the device that wrote it (spec: view-conversation button). */
  conversationId: z.string().nullable(),
  /** The 512 px WebP thumbnail stored beside the image (cards use it); null for an image the app does not store. */
  thumbnailUrl: z.string().nullable(),
  /** WebP renditions of the image, narrowest first; empty until they are made (the PNG is then the only source). */
  imageSources: z.array(imageSourceSchema),
});
export type MemorySummary = z.infer<typeof memorySummarySchema>;

/**
 * GET /api/memories/{id} — one of the signed-in person's memories, as its page shows it. 404 NOT_FOUND for
 * an unknown or malformed id and for another person's memory (never saying which).
 */
export const memoryDetailSchema = memorySummarySchema.extend({
  /** The reflection; null when none was made. */
  poeticSummary: z.string().nullable(),
  /** Set: the memory is public at /shared/{shareToken} (64 hex characters); null: private. */
  shareToken: z.string().nullable(),
  imageOrigin: artworkOriginSchema,
});
export type MemoryDetail = z.infer<typeof memoryDetailSchema>;

export const GALLERY_FILTERS = ['all', 'favorites'] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

/**
 * A calendar period is read in the person's own time zone (IANA name, e.g. "Europe/Paris"): a memory
 * made at 00:30 on 1 January in Paris belongs to that year there. Unknown names are refused. Decision 0023.
 */
export const ianaTimeZoneSchema = z
  .string({ error: 'validation.timeZoneInvalid' })
  .max(64, { error: 'validation.timeZoneInvalid', abort: true })
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'validation.timeZoneInvalid');
const timeZoneSchema = ianaTimeZoneSchema.default('UTC');

export const yearSchema = z.coerce
  .number({ error: 'validation.yearInvalid' })
  .int('validation.yearInvalid')
  .min(GALLERY_YEAR_MIN, 'validation.yearInvalid')
  .max(9999, 'validation.yearInvalid');

/** A month of a year, 1 to 12. */
export const monthSchema = z.coerce
  .number({ error: 'validation.monthInvalid' })
  .int('validation.monthInvalid')
  .min(1, 'validation.monthInvalid')
  .max(12, 'validation.monthInvalid');

/**
 * GET /api/memories?filter=all|favorites&year=2025&month=3&page=1&tz=Europe/Paris — one gallery page
 * (nine to a page, with the total for page numbers), newest first. A month needs a year.
 * A page beyond the last answers no items with the real total, so the browser can go back to page 1.
 */
export const galleryQuerySchema = z
  .object({
    filter: z.enum(GALLERY_FILTERS, { error: 'validation.filterInvalid' }).default('all'),
    year: yearSchema.optional(),
    month: monthSchema.optional(),
    page: z.coerce
      .number({ error: 'validation.pageInvalid' })
      .int('validation.pageInvalid')
      .min(1, 'validation.pageInvalid')
      .max(1_000_000, 'validation.pageInvalid')
      .default(1),
    tz: timeZoneSchema,
  })
  .refine((q) => q.month === undefined || q.year !== undefined, { path: ['month'], message: 'validation.monthNeedsYear' });
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const galleryPageSchema = z.object({
  items: z.array(memorySummarySchema),
  /** How many memories match the filter and period (all pages). */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.literal(GALLERY_PAGE_SIZE),
  /** ceil(total / pageSize), 0 when nothing matches. */
  pageCount: z.number().int().min(0),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** GET /api/memories/years?tz=… — the years (newest first) in which the person made memories, for the year selector. */
export const galleryYearsQuerySchema = z.object({ tz: timeZoneSchema });
export const galleryYearsSchema = z.object({ years: z.array(z.number().int()) });
export type GalleryYears = z.infer<typeof galleryYearsSchema>;

/** A memory's title: required once trimmed, at most MEMORY_TITLE_MAX characters. */
export const memoryTitleSchema = z
  .string({ error: 'validation.memoryTitleRequired' })
  .trim()
  .min(1, 'validation.memoryTitleRequired')
  .max(MEMORY_TITLE_MAX, 'validation.memoryTitleTooLong');

/**
 * PATCH /api/memories/{id} — the owner likes or unlikes, or renames. Only these two fields exist here
 * (the reflection, image and dates are not editable); any other field is refused with 400.
 * Answers the updated memory.
 */
export const memoryUpdateSchema = z
  .strictObject({
    liked: z.boolean({ error: 'validation.likedInvalid' }).optional(),
    title: memoryTitleSchema.optional(),
  })
  .refine((u) => u.liked !== undefined || u.title !== undefined, { message: 'validation.memoryUpdateEmpty' });
export type MemoryUpdate = z.infer<typeof memoryUpdateSchema>;

/**
 * POST /api/memories/{id}/share — makes (or remakes) the memory's public link: a new token of 32 random
 * bytes every time, so an old link stops working. DELETE /api/memories/{id}/share revokes it (204).
 */
export const memoryShareSchema = z.object({ shareToken: z.string().regex(/^[0-9a-f]{64}$/) });
export type MemoryShare = z.infer<typeof memoryShareSchema>;

/**
 * GET /api/shared/{token} — public, no session: exactly what the shared page shows. Never the
 * conversation, the owner, the prompt or whether it is a favourite. 404 NOT_FOUND for any other token.
 */
export const sharedMemorySchema = z.object({
  title: z.string(),
  /** The full-size PNG (link previews use it). */
  imageUrl: z.string(),
  /** WebP renditions of the image, narrowest first; empty until they are made. */
  imageSources: z.array(imageSourceSchema),
  poeticSummary: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  imageOrigin: artworkOriginSchema,
});
export type SharedMemory = z.infer<typeof sharedMemorySchema>;

/** GET /api/memories/recent — the home grid: the latest memories of the signed-in person, newest first. */
export const recentMemoriesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'validation.limitInvalid' }).int('validation.limitInvalid').min(1, 'validation.limitInvalid').max(HOME_MEMORIES_COUNT, 'validation.limitInvalid').default(HOME_MEMORIES_COUNT),
});
export const recentMemoriesResponseSchema = z.object({ items: z.array(memorySummarySchema) });
export type RecentMemoriesResponse = z.infer<typeof recentMemoriesResponseSchema>;

/**
 * GET /api/memories/migration — the signed-in person's memories whose image is still at an image
 * provider's temporary address (the home page offers to move them): how many, and which, so the browser can migrate
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
