import { z } from 'zod';

/**
 * GET /api/community — public: the community chat-server link (spec "discord_link") and the embeddable
 * calendar of art-therapy events per language; null when not set (the page then shows its fallback).
 */
export const communitySchema = z.object({
  chatServerUrl: z.string().nullable(),
  calendarUrl: z.object({ en: z.string().nullable(), fr: z.string().nullable() }),
});
export type Community = z.infer<typeof communitySchema>;

const httpsUrl = z
  .string({ error: 'validation.urlInvalid' })
  .trim()
  .max(2000, 'validation.urlInvalid')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'validation.urlInvalid');
const optionalUrl = z.union([z.literal('').transform(() => null), z.null(), httpsUrl]);

/** PUT /api/admin/community — administrators only. Empty or null clears a link; links must be https. */
export const communityUpdateSchema = z.strictObject({
  chatServerUrl: optionalUrl,
  calendarUrlEn: optionalUrl,
  calendarUrlFr: optionalUrl,
});
export type CommunityUpdate = z.infer<typeof communityUpdateSchema>;
