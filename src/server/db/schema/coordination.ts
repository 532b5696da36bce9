import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// What several app processes sharing one PostgreSQL server agree on (docs/decisions/0106). Neither table is part
// of a backup: both describe the running processes, not the instance.

/**
 * The request counters of the throttled routes, when a PostgreSQL server is configured: one row per limit and
 * client, counted by whichever process the request reached. The key is a hash (the client's address or account
 * never appears), and a row outlives its window by a minute at most.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * Scheduled work claimed by one process at a time: a job (`backup`) for a period (`2026-11-28`), held by one
 * process until its lease ends or the work is finished. A process that dies stops renewing its lease and another
 * takes the work over once the lease has run out.
 */
export const scheduledClaims = pgTable(
  'scheduled_claims',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    holder: text('holder').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.job, table.period] })],
);
