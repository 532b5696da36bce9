import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Support tickets. Erased with the account (docs/decisions/0026-account-erasure-and-pictures.md), like everything else the person wrote.
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    adminResponse: text('admin_response'),
    adminResponseAt: timestamp('admin_response_at', { withTimezone: true }),
  },
  (t) => [
    index('support_tickets_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('support_tickets_created_at_idx').on(t.createdAt.desc()),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);
