import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// The profiles: one row per account, created with it, erased with it.
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    avatarUrl: text('avatar_url'),
    defaultLanguage: text('default_language', { enum: ['en', 'fr'] }).notNull().default('en'),
    /** male | female | other; "unspecified" is stored as null. */
    gender: text('gender', { enum: ['male', 'female', 'other'] }),
    /** Confidential; readable and editable by administrators only; null when empty. */
    medicalDiagnosis: text('medical_diagnosis'),
    /** The country whose helplines the chat's help panel shows (FR, US…, OTHER); null: the browser's guess is used. */
    country: text('country'),
    isAdmin: boolean('is_admin').notNull().default(false),
    sessionCount: integer('session_count').notNull().default(0),
    imageGenerationCount: integer('image_generation_count').notNull().default(0),
    lastImageGenerationDate: date('last_image_generation_date'),
    lastChatDate: date('last_chat_date'),
    /** Granted by an administrator; counts as an active subscription. */
    freeAccess: boolean('free_access').notNull().default(false),
    /** Set by the unsubscribe link of a reminder e-mail: no reminder is ever sent again. */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /** The last reminder sent: nobody is reminded twice within the inactivity threshold. */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    /** The companion is told of recent memories' titles, reflections, dates and moods (docs/keeping.md). */
    continuityEnabled: boolean('continuity_enabled').notNull().default(true),
    /** Consent to send the facts the person wrote for the companion to remember. */
    continuityFactsEnabled: boolean('continuity_facts_enabled').notNull().default(false),
    /** The home shows a memory from this date a month or a year ago ("On This Day"); the person may turn it off. */
    onThisDayEnabled: boolean('on_this_day_enabled').notNull().default(true),
    /** "Not now" to keeping conversations on every device: the offer after a memory is not made again (docs/keeping.md). */
    keepingOfferDeclinedAt: timestamp('keeping_offer_declined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_default_language_check', sql`${t.defaultLanguage} in ('en', 'fr')`),
    check('profiles_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female', 'other')`),
    check('profiles_counts_check', sql`${t.sessionCount} >= 0 and ${t.imageGenerationCount} >= 0`),
  ],
);
