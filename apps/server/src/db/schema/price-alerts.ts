import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { users } from './users.js';

/** A watch on a book's price (core.md §3); checked by the pricing issue's job. */
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
  },
  (t) => [index('price_alerts_user_idx').on(t.userId), index('price_alerts_book_idx').on(t.bookId)],
);
