import type { BookSort, SortOrder } from '@bookshelf/contract';
import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { books, demoLoads, type BookRow, type NewBookRow } from '../../db/schema/index.js';
import { mayBeMisspelt, prefixTsQuery, searchWords } from './book-search.js';

/** The stored columns a reader sees: search columns and the trash marker stay inside. */
const bookColumns = {
  id: books.id,
  userId: books.userId,
  accountId: books.accountId,
  title: books.title,
  author: books.author,
  isbn: books.isbn,
  coverUrl: books.coverUrl,
  format: books.format,
  bindingType: books.bindingType,
  genre: books.genre,
  publishedYear: books.publishedYear,
  publisher: books.publisher,
  pages: books.pages,
  rating: books.rating,
  status: books.status,
  dateAdded: books.dateAdded,
  dateRead: books.dateRead,
  tags: books.tags,
  notes: books.notes,
  review: books.review,
  purchaseInfo: books.purchaseInfo,
  specialEdition: books.specialEdition,
  currentValue: books.currentValue,
  images: books.images,
  priceHistory: books.priceHistory,
  updatedAt: books.updatedAt,
};
export type StoredBook = Omit<BookRow, 'searchText' | 'searchVector' | 'deletedAt'>;
export type BookValues = Omit<NewBookRow, 'id' | 'userId' | 'searchVector' | 'deletedAt'>;

export interface BookFilter {
  q?: string | undefined;
  status?: string | undefined;
  format?: string | undefined;
  genre?: string | undefined;
  tag?: string | undefined;
  accountId?: string | undefined;
  rating?: number | undefined;
  specialEdition?: boolean | undefined;
}

export interface BookPage {
  sort: BookSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

export interface FacetRow {
  facet: 'status' | 'format' | 'genre' | 'account' | 'tag';
  value: string;
  count: number;
}

const live = (userId: string) => and(eq(books.userId, userId), isNull(books.deletedAt));

/**
 * The search condition. Every word must match the book. `fuzzy` lets a word match misspelt through the
 * trigram index ("gatbsy retruns" finds "Gatsby Returns"); otherwise words match whole or as prefixes
 * through the full-text index.
 */
function searchCondition(q: string, fuzzy: boolean): { where: SQL; rank: SQL[] } {
  const lowered = q.toLowerCase();
  const words = searchWords(q);
  const similarity = sql`word_similarity(${lowered}, ${books.searchText}) desc`;
  // Nothing but punctuation: only trigram similarity can say anything.
  if (words.length === 0) return { where: sql`${lowered} <% ${books.searchText}`, rank: [similarity] };
  const perWord = words.map((word) => {
    const prefix = sql`${books.searchVector} @@ to_tsquery('simple', ${`${word}:*`})`;
    return fuzzy && mayBeMisspelt(word) ? sql`(${prefix} or ${word} <% ${books.searchText})` : prefix;
  });
  const all = sql`to_tsquery('simple', ${prefixTsQuery(q)})`;
  return {
    where: and(...perWord)!,
    rank: [sql`(${books.searchVector} @@ ${all}) desc`, sql`ts_rank(${books.searchVector}, ${all}) desc`, similarity],
  };
}

/**
 * ORDER BY for a sort. Non-null columns are ordered with the nulls placement of their index so the planner
 * walks the index instead of sorting; nullable ones put books without a value last in both directions.
 */
function orderFor(sort: BookSort, order: SortOrder, rank: SQL[]): SQL[] {
  const dir = order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const last = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const tie = sql`${books.id} ${dir}`;
  switch (sort) {
    case 'title':
      return [sql`lower(${books.title}) ${dir}`, tie];
    case 'author':
      return [sql`lower(${books.author}) ${dir}`, tie];
    case 'rating':
      return [sql`${books.rating} ${last}`, sql`${books.dateAdded} desc`, tie];
    case 'dateRead':
      return [sql`${books.dateRead} ${last}`, tie];
    case 'price':
      return [sql`(${books.purchaseInfo}->>'price')::numeric ${last}`, tie];
    case 'value':
      return [sql`(${books.currentValue}->>'amount')::numeric ${last}`, tie];
    case 'relevance':
      return [...rank, sql`${books.dateAdded} desc`, sql`${books.id} desc`];
    case 'dateAdded':
      return [sql`${books.dateAdded} ${dir}`, tie];
  }
}

export function createBooksRepository(db: Database) {
  return {
    async insert(userId: string, values: BookValues, executor: Database = db): Promise<StoredBook> {
      const [row] = await executor
        .insert(books)
        .values({ ...values, userId })
        .returning(bookColumns);
      return row!;
    },

    async insertMany(userId: string, values: BookValues[], executor: Database = db): Promise<StoredBook[]> {
      if (values.length === 0) return [];
      return executor
        .insert(books)
        .values(values.map((v) => ({ ...v, userId })))
        .returning(bookColumns);
    },

    async find(userId: string, id: string, executor: Database = db): Promise<StoredBook | undefined> {
      const [row] = await executor
        .select(bookColumns)
        .from(books)
        .where(and(live(userId), eq(books.id, id)));
      return row;
    },

    async findMany(userId: string, ids: string[], executor: Database = db): Promise<StoredBook[]> {
      return executor
        .select(bookColumns)
        .from(books)
        .where(and(live(userId), inArray(books.id, ids)));
    },

    async update(userId: string, id: string, values: Partial<BookValues>, executor: Database = db) {
      const [row] = await executor
        .update(books)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(live(userId), eq(books.id, id)))
        .returning(bookColumns);
      return row;
    },

    async list(userId: string, filter: BookFilter, page: BookPage) {
      const conditions: (SQL | undefined)[] = [live(userId)];
      if (filter.status) conditions.push(eq(books.status, filter.status));
      if (filter.format) conditions.push(eq(books.format, filter.format));
      if (filter.genre) conditions.push(eq(books.genre, filter.genre));
      if (filter.tag) conditions.push(sql`${books.tags} @> array[${filter.tag}]::text[]`);
      if (filter.accountId) conditions.push(eq(books.accountId, filter.accountId));
      if (filter.rating !== undefined) {
        conditions.push(filter.rating === 0 ? isNull(books.rating) : eq(books.rating, filter.rating));
      }
      if (filter.specialEdition !== undefined) {
        conditions.push(filter.specialEdition ? isNotNull(books.specialEdition) : isNull(books.specialEdition));
      }
      const fetchPage = async (search: ReturnType<typeof searchCondition> | undefined) => {
        const where = and(...conditions, search?.where);
        const [items, [counted]] = await Promise.all([
          db
            .select(bookColumns)
            .from(books)
            .where(where)
            .orderBy(...orderFor(page.sort, page.order, search?.rank ?? []))
            .limit(page.limit)
            .offset(page.offset),
          db
            .select({ total: sql<number>`count(*)::int` })
            .from(books)
            .where(where),
        ]);
        return { items, total: counted?.total ?? 0 };
      };
      if (!filter.q) return fetchPage(undefined);
      // Exact words and prefixes first; only when nothing matches are misspellings tried, so a search that
      // has real hits is not diluted by look-alikes ("harbour" would otherwise also find Harper Lee).
      const exact = await fetchPage(searchCondition(filter.q, false));
      if (exact.total > 0 || !searchWords(filter.q).some(mayBeMisspelt)) return exact;
      return fetchPage(searchCondition(filter.q, true));
    },

    /** One pass over the library for status, format, genre and account; one over its tags. */
    async facets(userId: string): Promise<{ total: number; rows: FacetRow[] }> {
      const grouped = rowsOf<{ g: number; status: string; format: string; genre: string; account: string; n: number }>(
        await db.execute(sql`
          select grouping(status, format, genre, account_id)::int as g, status, format, genre,
                 account_id as account, count(*)::int as n
          from ${books}
          where user_id = ${userId} and deleted_at is null
          group by grouping sets ((), (status), (format), (genre), (account_id))`),
      );
      const tags = rowsOf<{ value: string; n: number }>(
        await db.execute(sql`
          select t.value, count(*)::int as n
          from ${books}, unnest(tags) as t(value)
          where user_id = ${userId} and deleted_at is null
          group by t.value
          order by n desc, t.value
          limit 100`),
      );
      let total = 0;
      const rows: FacetRow[] = [];
      // grouping() sets a bit for each column left out: 7 = only status kept, 11 format, 13 genre, 14 account.
      const byMask: Record<number, FacetRow['facet']> = { 7: 'status', 11: 'format', 13: 'genre', 14: 'account' };
      for (const r of grouped) {
        if (r.g === 15) total = r.n;
        const facet = byMask[r.g];
        const value =
          facet === 'status' ? r.status : facet === 'format' ? r.format : facet === 'genre' ? r.genre : r.account;
        if (facet && value !== null) rows.push({ facet, value, count: r.n });
      }
      for (const t of tags) rows.push({ facet: 'tag', value: t.value, count: t.n });
      return { total, rows };
    },

    /** Moves books to the trash; they stay restorable until purged. */
    async trash(userId: string, ids: string[], now: Date): Promise<number> {
      const rows = await db
        .update(books)
        .set({ deletedAt: now })
        .where(and(live(userId), inArray(books.id, ids)))
        .returning({ id: books.id });
      return rows.length;
    },

    async restore(userId: string, ids: string[]): Promise<number> {
      const rows = await db
        .update(books)
        .set({ deletedAt: null })
        .where(and(eq(books.userId, userId), isNotNull(books.deletedAt), inArray(books.id, ids)))
        .returning({ id: books.id });
      return rows.length;
    },

    /** Marks the sample library loaded; false when it already was (it loads once per user). */
    async markDemoLoaded(userId: string, executor: Database = db): Promise<boolean> {
      const rows = await executor
        .insert(demoLoads)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ userId: demoLoads.userId });
      return rows.length > 0;
    },

    async purgeTrashedBefore(cutoff: Date): Promise<void> {
      await db.delete(books).where(and(isNotNull(books.deletedAt), lt(books.deletedAt, cutoff)));
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
