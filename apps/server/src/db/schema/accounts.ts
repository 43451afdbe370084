import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AccountSettings } from '@bookshelf/contract';
import { users } from './users.js';

/**
 * The stores and services books were bought through (core.md §3). Ids are per user: every user has the
 * built-in `default-personal` row (created by a trigger on users, migration 0002), other ids are UUIDs.
 */
export const accounts = pgTable(
  'accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    customType: text('custom_type'),
    email: text('email'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    settings: jsonb('settings').$type<AccountSettings>().notNull(),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export type AccountRow = typeof accounts.$inferSelect;
