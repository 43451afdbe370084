import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { bookImages, books, type BookImageRow } from '../../../db/schema/index.js';

export type NewBookImage = Omit<BookImageRow, 'createdAt'>;

/**
 * The photos of books, and their addresses in the book's `images`. Every change here runs inside a transaction
 * that holds the book's row (books.repository lock): the count and the byte budget are then decided from
 * what the book has at that moment, whoever else uploads at the same time.
 */
export function createImagesRepository(db: Database) {
  return {
    async list(bookId: string): Promise<BookImageRow[]> {
      return db.select().from(bookImages).where(eq(bookImages.bookId, bookId)).orderBy(asc(bookImages.createdAt));
    },

    async find(bookId: string, imageId: string, executor: Database = db): Promise<BookImageRow | undefined> {
      const [row] = await executor
        .select()
        .from(bookImages)
        .where(and(eq(bookImages.bookId, bookId), eq(bookImages.id, imageId)));
      return row;
    },

    /** What the book's photos take together, as stored. */
    async bytesOf(bookId: string, executor: Database): Promise<number> {
      const [row] = await executor
        .select({ bytes: sql<number>`coalesce(sum(${bookImages.bytes}), 0)::int` })
        .from(bookImages)
        .where(eq(bookImages.bookId, bookId));
      return Number(row?.bytes ?? 0);
    },

    async insert(image: NewBookImage, executor: Database): Promise<BookImageRow> {
      const [row] = await executor.insert(bookImages).values(image).returning();
      return row!;
    },

    /** The removed row, or undefined when the book has no such photo. */
    async delete(bookId: string, imageId: string, executor: Database): Promise<BookImageRow | undefined> {
      const [row] = await executor
        .delete(bookImages)
        .where(and(eq(bookImages.bookId, bookId), eq(bookImages.id, imageId)))
        .returning();
      return row;
    },

    /** Adds a photo's address at the end of the book's `images`, or in the place of `replacing`. */
    async addUrl(bookId: string, url: string, replacing: string | undefined, executor: Database): Promise<void> {
      const images = replacing
        ? sql`array_replace(${books.images}, ${replacing}, ${url})`
        : sql`array_append(${books.images}, ${url})`;
      await executor
        .update(books)
        .set({ images, updatedAt: sql`now()` })
        .where(eq(books.id, bookId));
    },

    async removeUrl(bookId: string, url: string, executor: Database): Promise<void> {
      await executor
        .update(books)
        .set({ images: sql`array_remove(${books.images}, ${url})`, updatedAt: sql`now()` })
        .where(eq(books.id, bookId));
    },

    /**
     * Deletes the photo rows of books in the trash since before `cutoff` (the trash purge deletes the books
     * next) and answers them, so their blobs can go once this commits. The books are locked in id order, as
     * every change to books is, so a restore either comes first (and the book keeps its photos) or after.
     */
    async removeOfTrashedBefore(cutoff: Date, executor: Database): Promise<BookImageRow[]> {
      const expired = executor
        .select({ id: books.id })
        .from(books)
        .where(and(isNotNull(books.deletedAt), lt(books.deletedAt, cutoff)))
        .orderBy(books.id)
        .for('update');
      const removed = await executor.delete(bookImages).where(inArray(bookImages.bookId, expired)).returning();
      const bookIds = [...new Set(removed.map((row) => row.bookId))];
      if (bookIds.length > 0) {
        // Their addresses go too, so a book restored in the moment before the purge lists no missing photo.
        await executor
          .update(books)
          .set({ images: sql`array(select u from unnest(${books.images}) u where u not like '/api/books/%')` })
          .where(inArray(books.id, bookIds));
      }
      return removed;
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
