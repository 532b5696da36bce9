import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// The privacy policy as administrators edited it, one row per language; none: the built-in text applies.
export const privacyPolicies = pgTable(
  'privacy_policies',
  {
    language: text('language').primaryKey(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('privacy_policies_language_check', sql`${t.language} in ('en', 'fr')`)],
);
