import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { users } from './users.js';

/** A watch on a book's price (core.md §3); triggered when a price point at or below the target is added. */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    targetPrice: numeric('target_price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    platforms: text('platforms').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a price at or below the target was recorded in the book's price history (issue 13). */
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    triggeredPrice: numeric('triggered_price', { precision: 12, scale: 2 }),
  },
  (t) => [index('price_alerts_user_idx').on(t.userId), index('price_alerts_book_idx').on(t.bookId)],
);
