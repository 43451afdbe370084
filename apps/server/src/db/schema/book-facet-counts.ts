import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * How many of a user's live books have each status, format, genre, account and tag, the total, and each
 * word of their titles, authors, ISBNs and tags. Kept by statement-level triggers on books (migration
 * 0003), so facets read a few small rows instead of scanning the library, and typo search looks words up
 * in this vocabulary instead of comparing every book.
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
  (t) => [
    primaryKey({ columns: [t.userId, t.facet, t.value] }),
    index('book_facet_counts_word_trgm_idx')
      .using('gin', t.value.op('gin_trgm_ops'))
      .where(sql`facet = 'word'`),
  ],
);
