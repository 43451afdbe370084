import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Money, PurchaseInfo, SpecialEdition } from '@bookshelf/contract';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface StoredPricePoint {
  date: string;
  price: number;
  currency: string;
  platform: string | null;
}

/**
 * A person's books (core.md §3). Money sits inside jsonb, whose numbers are PostgreSQL numerics (exact
 * decimals), never binary floats. A deleted book keeps its row for a while (deleted_at) so Undo can restore it.
 */
export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** With user_id, a reference to accounts; deleting an account moves its books to the default (0002). */
    accountId: text('account_id').notNull().default('default-personal'),
    title: text('title').notNull(),
    author: text('author').notNull(),
    isbn: text('isbn'),
    coverUrl: text('cover_url'),
    format: text('format').notNull().default('physical'),
    bindingType: text('binding_type'),
    genre: text('genre'),
    publishedYear: integer('published_year'),
    /** The first edition's year (Goodreads' Original Publication Year); publishedYear is this edition's. */
    originalPublishedYear: integer('original_published_year'),
    publisher: text('publisher'),
    pages: integer('pages'),
    rating: smallint('rating'),
    status: text('status').notNull().default('owned'),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
    dateRead: timestamp('date_read', { withTimezone: true }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes'),
    review: text('review'),
    purchaseInfo: jsonb('purchase_info').$type<PurchaseInfo>(),
    specialEdition: jsonb('special_edition').$type<SpecialEdition>(),
    currentValue: jsonb('current_value').$type<Money>(),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priceHistory: jsonb('price_history').$type<StoredPricePoint[]>().notNull().default([]),
    /** The wishlist's order, set by drag and drop (lower first); null: after the ordered ones, newest first. */
    wishlistPosition: integer('wishlist_position'),
    /**
     * Title, author, ISBN and tags in lower case, written by the repository: the trigram index on it finds
     * misspelt and partial words. Notes join only the full-text vector, where long text costs little.
     */
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, search_text), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(notes, '')), 'C')`,
      ),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The library's default page: newest first. The id breaks ties so paging never repeats or skips a book.
    index('books_user_date_added_idx')
      .on(t.userId, t.dateAdded.desc(), t.id.desc())
      .where(sql`deleted_at is null`),
    index('books_user_title_idx')
      .on(t.userId, sql`lower(${t.title})`)
      .where(sql`deleted_at is null`),
    index('books_user_author_idx')
      .on(t.userId, sql`lower(${t.author})`)
      .where(sql`deleted_at is null`),
    index('books_user_status_idx')
      .on(t.userId, t.status)
      .where(sql`deleted_at is null`),
    // Without GIN's pending list (decision 069): each insert writes its entries in place, where the list made
    // one insert in a few hundred flush it all (a batch of an import held PGlite for 40–130 ms) and every search
    // read it through.
    index('books_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: 'off' }),
    index('books_tags_idx').using('gin', t.tags).with({ fastupdate: 'off' }),
    index('books_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`deleted_at is not null`),
  ],
);

export type BookRow = typeof books.$inferSelect;
export type NewBookRow = typeof books.$inferInsert;
