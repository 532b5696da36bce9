import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AgentGender } from '@shared/limits';

// The administrators' settings: a single row (id = 1), seeded with defaults at start (db/seed.ts).
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey().default(1),
    chatPrompt: text('chat_prompt').notNull(),
    chatPromptFr: text('chat_prompt_fr').notNull(),
    agentName: text('agent_name').notNull(),
    agentNameFr: text('agent_name_fr').notNull(),
    /** How French speaks of the agent: feminine | masculine | neutral (decision 0059). */
    agentGenderFr: text('agent_gender_fr').$type<AgentGender>().notNull().default('neutral'),
    agentAvatarUrl: text('agent_avatar_url'),
    imagePrompt: text('image_prompt').notNull(),
    imagePromptFr: text('image_prompt_fr').notNull(),
    summaryPrompt: text('summary_prompt').notNull(),
    summaryPromptFr: text('summary_prompt_fr').notNull(),
    dailyGenerationLimit: integer('daily_generation_limit').notNull().default(1),
    /** Asked of the OpenAI-compatible images API: `WIDTHxHEIGHT` or `auto` (the admin's image settings). */
    imageSize: text('image_size').notNull().default('1024x1024'),
    /** Asked of the OpenAI-compatible images API: standard | hd | low | medium | high | auto. */
    imageQuality: text('image_quality').notNull().default('standard'),
    discordLink: text('discord_link'),
    /** The community page's embeddable calendar of art-therapy events, per language (null: a fallback is shown). */
    communityCalendarUrlEn: text('community_calendar_url_en'),
    communityCalendarUrlFr: text('community_calendar_url_fr'),
    reminderSubjectEn: text('reminder_subject_en').notNull(),
    reminderBodyEn: text('reminder_body_en').notNull(),
    reminderSubjectFr: text('reminder_subject_fr').notNull(),
    reminderBodyFr: text('reminder_body_fr').notNull(),
    /** The scheduled daily reminder run (off by default) and its inactivity threshold in days. */
    reminderScheduleEnabled: boolean('reminder_schedule_enabled').notNull().default(false),
    reminderScheduleDays: integer('reminder_schedule_days').notNull().default(7),
    /** The UTC day of the last scheduled run: claimed atomically, so one run a day whatever the processes. */
    reminderLastRunOn: date('reminder_last_run_on'),
    priceIdEn: text('price_id_en'),
    priceIdFr: text('price_id_fr'),
    promoCodeEn: text('promo_code_en'),
    promoCodeFr: text('promo_code_fr'),
    promoCodesEn: jsonb('promo_codes_en').$type<Record<string, string>>().notNull().default({}),
    promoCodesFr: jsonb('promo_codes_fr').$type<Record<string, string>>().notNull().default({}),
    /**
     * E-mail and password sign-in. Turned off by an administrator only once single sign-on works for them
     * (docs/decisions/0070-single-sign-on.md); it counts only while single sign-on is configured.
     */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('app_settings_single_row', sql`${t.id} = 1`),
    check('app_settings_limit_check', sql`${t.dailyGenerationLimit} >= 0`),
    check('app_settings_reminder_days_check', sql`${t.reminderScheduleDays} >= 1`),
    check('app_settings_image_size_check', sql`${t.imageSize} ~ '^(auto|[0-9]{2,5}x[0-9]{2,5})$'`),
    check('app_settings_agent_gender_fr_check', sql`${t.agentGenderFr} in ('feminine', 'masculine', 'neutral')`),
    check('app_settings_image_quality_check', sql`${t.imageQuality} in ('standard', 'hd', 'low', 'medium', 'high', 'auto')`),
  ],
);
