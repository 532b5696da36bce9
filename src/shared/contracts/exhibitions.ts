import { z } from 'zod';
import { LANGUAGES } from '../limits';
import { ianaTimeZoneSchema, imageSourceSchema, memoryShareSchema, memoryTitleSchema } from './memories';

export { EXHIBITION_OFFER_DAYS } from '../limits';

/** A calendar month, `YYYY-MM`. */
export const exhibitionMonthSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/);

/** Who wrote the letter: the chosen memory-writing provider (an AI), or Souvenir's own offline writer. */
export const LETTER_AUTHORS = ['ai', 'offline'] as const;
export type LetterAuthor = (typeof LETTER_AUTHORS)[number];

/** One artwork on the wall: a memory of that month, as it is now (a renamed memory shows its new title). */
export const exhibitionArtworkSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  imageSources: z.array(imageSourceSchema),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ExhibitionArtwork = z.infer<typeof exhibitionArtworkSchema>;

/** An exhibition as cards and lists show it. */
export const exhibitionSummarySchema = z.object({
  id: z.uuid(),
  month: exhibitionMonthSchema,
  title: z.string(),
  /** Kept in the gallery by the person; an exhibition not kept is only offered on the home in its first days. */
  kept: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The month's first artwork's small picture, for the card; null when none is left (all deleted since). */
  coverUrl: z.string().nullable(),
  artworkCount: z.number().int().nonnegative(),
});
export type ExhibitionSummary = z.infer<typeof exhibitionSummarySchema>;

/** GET /api/exhibitions/{id} — one of the signed-in person's exhibitions; 404 NOT_FOUND for anyone else's or none. */
export const exhibitionDetailSchema = exhibitionSummarySchema.extend({
  letter: z.string(),
  letterBy: z.enum(LETTER_AUTHORS),
  /** Set: public at /shared/exhibition/{shareToken}; null: private. */
  shareToken: z.string().nullable(),
  artworks: z.array(exhibitionArtworkSchema),
});
export type ExhibitionDetail = z.infer<typeof exhibitionDetailSchema>;

/**
 * POST /api/exhibitions/current — the exhibition of last month, made the first time it is asked for in the month's
 * first days (once per person and month, however many ask at once), or the one already made. `exhibition` is null
 * outside those days and when last month has no memory. The zone says which calendar the month is read in; the
 * language, which one the letter is written in.
 */
export const currentExhibitionRequestSchema = z.strictObject({
  tz: ianaTimeZoneSchema,
  language: z.enum(LANGUAGES, { error: 'validation.languageRequired' }),
});
export type CurrentExhibitionRequest = z.infer<typeof currentExhibitionRequestSchema>;
export const currentExhibitionSchema = z.object({ exhibition: exhibitionSummarySchema.nullable() });
export type CurrentExhibition = z.infer<typeof currentExhibitionSchema>;

/** GET /api/exhibitions — the exhibitions the person kept, newest month first. */
export const exhibitionListSchema = z.object({ items: z.array(exhibitionSummarySchema) });
export type ExhibitionList = z.infer<typeof exhibitionListSchema>;

/** PATCH /api/exhibitions/{id} — rename, keep or let go. Any other field is a 400 and nothing changes. */
export const exhibitionUpdateSchema = z
  .strictObject({
    title: memoryTitleSchema.optional(),
    kept: z.boolean({ error: 'validation.likedInvalid' }).optional(),
  })
  .refine((u) => u.title !== undefined || u.kept !== undefined, { message: 'validation.memoryUpdateEmpty' });
export type ExhibitionUpdate = z.infer<typeof exhibitionUpdateSchema>;

/** POST /api/exhibitions/{id}/share — a new link each time (the previous one stops working); DELETE revokes it. */
export const exhibitionShareSchema = memoryShareSchema;
export type ExhibitionShare = z.infer<typeof exhibitionShareSchema>;

/**
 * GET /api/shared/exhibition/{token} — public: the title, the month, the letter and the artworks with their titles.
 * Never the reflections, the owner or anything of a conversation. 404 NOT_FOUND for any other token.
 */
export const sharedExhibitionSchema = z.object({
  title: z.string(),
  month: exhibitionMonthSchema,
  letter: z.string(),
  artworks: z.array(exhibitionArtworkSchema.omit({ id: true })),
});
export type SharedExhibition = z.infer<typeof sharedExhibitionSchema>;
