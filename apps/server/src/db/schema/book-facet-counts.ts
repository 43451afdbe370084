import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * How many of a user's live books have each status, format, genre, account and tag, the total, and each
 * word of their titles, authors, ISBNs and tags. Kept by statement-level triggers on books (migration
 * 0003), so facets read a few small rows instead of scanning the library, and typo search looks words up
 * in this vocabulary instead of comparing every book: the primary key orders a user's words, so the words
 * sharing a misspelt word's first letters are one short index range.
 */
export const bookFacetCounts = pgTable(
  'book_facet_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** total, status, format, genre, account, tag or word. */
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.facet, t.value] })],
);
