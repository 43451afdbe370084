import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What GET /api/events sent or will send to each user (platform/live-events). Kept for an hour or so, so a
 * browser that reconnects, to this instance or another, gets what it missed (Last-Event-ID); pruned by a job.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    /** The SSE `id:`; allocated in order, so per user it only grows. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The whole LiveEvent (contract), validated when it was published. */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // replay after a Last-Event-ID, and a new stream's starting position
    index('live_events_user_id_id_idx').on(t.userId, t.id),
    // pruning
    index('live_events_created_at_idx').on(t.createdAt),
  ],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
