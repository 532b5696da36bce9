import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// The memories (souvenirs) — what the server keeps of a day (never the conversation itself).
export const souvenirs = pgTable(
  'souvenirs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    /**
     * The widths of the WebP renditions stored beside the image (`<key>.w<width>.webp`), smallest first;
     * null: not made yet (the start-up pass makes them); empty: none can be (decision 0075).
     */
    imageRenditionWidths: integer('image_rendition_widths').array(),
    /**
     * How the artwork was made: `ai-service` (an AI image service) or `renderer` (the built-in renderer);
     * the same origin is written in the image's own metadata. Null for memories made before it was kept.
     */
    imageOrigin: text('image_origin'),
    /**
     * The day's mood its title and reflection were written from (one of the eight moods): kept, never read
     * again from the words. Null for memories made before it was kept, and for a crisis day's.
     */
    mood: text('mood'),
    /**
     * The main motif the built-in renderer drew (a dog, sunflowers, waves…): the next artworks avoid one drawn
     * twice among the person's last ones. Null when an AI image service drew it, and for older memories.
     */
    motif: text('motif'),
    /** The image prompt the artwork was made from. */
    prompt: text('prompt').notNull(),
    /** The reflection; null when none was made. */
    poeticSummary: text('poetic_summary'),
    liked: boolean('liked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Names the day's conversation kept on the device that wrote it (spec: view original conversation). */
    conversationId: text('conversation_id'),
    /** Set: the memory is public at /shared/<token> (32 random bytes as hex); null: private. */
    shareToken: text('share_token').unique(),
    /** The person removed this memory from what the companion is told of their recent days. */
    continuityHidden: boolean('continuity_hidden').notNull().default(false),
  },
  (t) => [
    // Lists are newest first with the id breaking ties, so pages are stable: both in the index, no sort needed.
    index('souvenirs_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The Favorites tab: the person's liked memories, newest first, without reading the others.
    index('souvenirs_user_id_liked_created_at_idx').on(t.userId, t.liked, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('souvenirs_image_origin_check', sql`${t.imageOrigin} is null or ${t.imageOrigin} in ('ai-service', 'renderer')`),
    check('souvenirs_mood_check', sql`${t.mood} is null or ${t.mood} in ('joyful', 'calm', 'tender', 'hopeful', 'melancholy', 'anxious', 'angry', 'tired')`),
    check('souvenirs_share_token_check', sql`${t.shareToken} is null or ${t.shareToken} ~ '^[0-9a-f]{64}$'`),
  ],
);
