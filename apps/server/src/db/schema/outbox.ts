import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Domain events, written in the transaction of the change that raised them (platform/outbox.ts, decision
 * 015). Each subscriber's delivery is a job of its own that reads the event from here, so a rolled-back
 * change raises nothing and a failing subscriber is retried without the others.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);
