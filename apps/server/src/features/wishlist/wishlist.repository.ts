import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { books, userPreferences, users } from '../../db/schema/index.js';

/** The columns of a wishlist card (WishlistBookSchema) and what the value counts. */
const wishlistColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  coverUrl: books.coverUrl,
  format: books.format,
  genre: books.genre,
  publishedYear: books.publishedYear,
  rating: books.rating,
  dateAdded: books.dateAdded,
  purchaseInfo: books.purchaseInfo,
  priceHistory: books.priceHistory,
};
const wishlistOf = (userId: string) =>
  and(eq(books.userId, userId), isNull(books.deletedAt), eq(books.status, 'wishlist'));

/** Reads and writes of the wishlist: its books in their order, and its share token (user_preferences). */
export function createWishlistRepository(db: Database) {
  return {
    /** Dragged positions first (books_user_wishlist_idx), then the newest; the id breaks ties. */
    async books(userId: string) {
      return db
        .select(wishlistColumns)
        .from(books)
        .where(wishlistOf(userId))
        .orderBy(sql`${books.wishlistPosition} asc nulls last`, desc(books.dateAdded), desc(books.id));
    },

    /**
     * Locks the named books that are the user's live wishlist books, in id order as every change to books
     * does (books.repository), so a reorder and any other change of the same books queue instead of
     * deadlocking; answers the ids found.
     */
    async lockWishlistBooks(userId: string, ids: string[], tx: Database): Promise<string[]> {
      const rows = await tx
        .select({ id: books.id })
        .from(books)
        .where(and(wishlistOf(userId), sql`${books.id} = any(${uuidArray(ids)})`))
        .orderBy(asc(books.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** Each named book's position is its index in `ids`: one statement, whatever the number of books. */
    async setPositions(userId: string, ids: string[], tx: Database): Promise<void> {
      await tx.execute(sql`
        update ${books} set wishlist_position = (v.ord - 1)::int
        from unnest(${uuidArray(ids)}) with ordinality as v(id, ord)
        where ${books.id} = v.id and ${books.userId} = ${userId}`);
    },

    async shareToken(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ token: userPreferences.wishlistShareToken })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row?.token ?? null;
    },

    /** Sets (or, with null, clears) the token; the preferences row is made on first use. */
    async setShareToken(userId: string, token: string | null): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, wishlistShareToken: token })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { wishlistShareToken: token, updatedAt: sql`now()` },
        });
    },

    /** The owner of a share token (its unique index), with the token as stored for the access rule to compare. */
    async ownerOfToken(token: string): Promise<{ userId: string; name: string; token: string } | undefined> {
      const rows = rowsOf<{ user_id: string; name: string; token: string }>(
        await db.execute(sql`
          select p.user_id, u.name, p.wishlist_share_token as token
          from ${userPreferences} p join ${users} u on u.id = p.user_id
          where p.wishlist_share_token = ${token}`),
      );
      const row = rows[0];
      return row && { userId: row.user_id, name: row.name, token: row.token };
    },
  };
}

/** A uuid[] parameter; the ids are UUIDs already (the contract checked them), so the literal is safe. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
export type WishlistRow = Awaited<ReturnType<WishlistRepository['books']>>[number];
