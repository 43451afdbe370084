import type { IsbnLookup } from '@bookshelf/contract';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the book services answered for an ISBN (issue 12), shared by every reader: a found book for a month,
 * an unknown ISBN for a day. A failed lookup (a service down) is not kept.
 */
export const isbnLookups = pgTable('isbn_lookups', {
  isbn: text('isbn').primaryKey(),
  /** Null: no service knew the ISBN. */
  result: jsonb('result').$type<IsbnLookup>(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});
