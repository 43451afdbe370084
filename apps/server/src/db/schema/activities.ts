import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What a reader did (social.md §3 Activity): written by the features where it happens (book started,
 * finished, reviewed, rated…) and read by the feed. `metadata` is a snapshot (title, author, cover, rating)
 * so the feed reads one table and an entry survives later edits of the book.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    content: text('content'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    relatedEntityId: uuid('related_entity_id'),
    relatedEntityType: text('related_entity_type'),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The domain event this entry was recorded from: a redelivered event finds it and adds nothing. */
    sourceEventId: uuid('source_event_id'),
  },
  (t) => [
    index('activities_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('activities_related_idx').on(t.relatedEntityType, t.relatedEntityId),
    uniqueIndex('activities_source_event_idx').on(t.sourceEventId, t.type),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
