import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { users } from './users.js';

/**
 * Photos a reader uploaded of their copy (issue 13): re-encoded by the server, kept in the storage seam under
 * `storage_key`, and listed in the book's `images` by their content-hashed URL.
 */
export const bookImages = pgTable(
  'book_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    /** SHA-256 of the stored bytes, hex: part of the URL, so a changed image is a new URL. */
    hash: text('hash').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('book_images_book_idx').on(t.bookId)],
);

export type BookImageRow = typeof bookImages.$inferSelect;
