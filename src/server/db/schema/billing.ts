import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// One subscription per person, as the payment provider last reported it (webhooks or the sandbox).
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id').unique(),
    /** The provider's status: active, trialing, past_due, canceled, incomplete, unpaid… */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** When the newest applied event was created at the provider: older events arriving late are ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_customer_id_idx').on(t.customerId)],
);

// Every provider event applied, once: a redelivered event finds its id here and changes nothing.
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// Checkouts started with the sandbox provider (no Stripe key): its test page completes or cancels them.
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language', { enum: ['en', 'fr'] }).notNull(),
  promotion: text('promotion'),
  status: text('status', { enum: ['open', 'completed', 'canceled'] }).notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
