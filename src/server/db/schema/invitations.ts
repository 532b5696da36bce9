import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Invitations to create an account when registration is invite-only. Only a hash of the token is kept: the
// link in the e-mail is the one copy of the token itself.
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    language: text('language').notNull().default('en'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);

// Who is making the first account of a fresh instance, the one account that needs no invitation. One row
// at most (id 1): of simultaneous sign-ups on an instance without accounts, the one whose insert lands
// takes it, and the others are asked for an invitation like any later sign-up. A claim whose account never
// came (the sign-up failed after claiming) may be taken again once it is old (see the repository).
export const firstAccountClaims = pgTable(
  'first_account_claims',
  {
    id: integer('id').primaryKey(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('first_account_claims_one_row', sql`${t.id} = 1`)],
);
