import { pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Books whose words are not yet in book_facet_counts (migration 0018, decision 067). A bulk import adds its
 * books' ids here in the statement that inserts them, and the facet triggers leave the words of a pending
 * book out of the vocabulary, on insert, edit and delete alike; afterwards the import counts the words of
 * its books in a few large statements (countPendingWords), each taking its rows off this table. Counting a
 * word once per import instead of once per batch is about a third of a small batch's time. No key to books
 * (a cascade would take a row off before the delete's trigger reads it): a book deleted meanwhile leaves a
 * row the next count drops.
 */
export const bookWordsPending = pgTable(
  'book_words_pending',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);
