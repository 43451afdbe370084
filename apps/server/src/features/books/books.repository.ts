import { BookLimits, type BookSort, type SortOrder } from '@bookshelf/contract';
import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { bookFacetCounts, books, demoLoads, type BookRow, type NewBookRow } from '../../db/schema/index.js';
import { mayBeMisspelt, searchWords } from './book-search.js';

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
  originalPublishedYear: books.originalPublishedYear,
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
export type StoredBook = Omit<BookRow, 'searchText' | 'searchVector' | 'deletedAt' | 'wishlistPosition'>;
export type BookValues = Omit<NewBookRow, 'id' | 'userId' | 'searchVector' | 'deletedAt' | 'wishlistPosition'>;

/** The fields a bulk change or its undo writes, for one book. */
export type BookStateChange = Pick<StoredBook, 'id' | 'status' | 'dateRead' | 'tags' | 'bindingType'> & {
  searchText: string;
};

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

export interface BookListPage {
  items: StoredBook[];
  total: number;
  /** More than `total` (BookLimits.searchCountMax) books matched a search; they were not all counted. */
  totalCapped?: boolean;
}

export interface FacetRow {
  facet: 'status' | 'format' | 'genre' | 'account' | 'tag';
  value: string;
  count: number;
}

const live = (userId: string) => and(eq(books.userId, userId), isNull(books.deletedAt));

/** A value of a list's filter: inline in the SQL, or a placeholder of a prepared statement. */
type Bind = (key: keyof ReturnType<typeof filterValues>, value: string | number) => unknown;

/** The conditions of a list's filter (the owner's live books first), each value as `bind` puts it. */
function filterConditions(filter: BookFilter, bind: Bind, userId = ''): (SQL | undefined)[] {
  const v = (key: Parameters<Bind>[0], value: string | number) => bind(key, value) as string;
  const conditions: (SQL | undefined)[] = [and(eq(books.userId, v('userId', userId)), isNull(books.deletedAt))];
  if (filter.status) conditions.push(eq(books.status, v('status', filter.status)));
  if (filter.format) conditions.push(eq(books.format, v('format', filter.format)));
  if (filter.genre) conditions.push(eq(books.genre, v('genre', filter.genre)));
  if (filter.tag) conditions.push(sql`${books.tags} @> array[${v('tag', filter.tag)}]::text[]`);
  if (filter.accountId) conditions.push(eq(books.accountId, v('accountId', filter.accountId)));
  if (filter.rating !== undefined) {
    conditions.push(
      filter.rating === 0 ? isNull(books.rating) : eq(books.rating, v('rating', filter.rating) as unknown as number),
    );
  }
  if (filter.specialEdition !== undefined) {
    conditions.push(filter.specialEdition ? isNotNull(books.specialEdition) : isNull(books.specialEdition));
  }
  return conditions;
}

/** The values filterConditions binds, by placeholder. */
const filterValues = (userId: string, filter: BookFilter) => ({
  userId,
  status: filter.status,
  format: filter.format,
  genre: filter.genre,
  tag: filter.tag,
  accountId: filter.accountId,
  rating: filter.rating,
});

/** Which of a filter's conditions are present (and which way the valueless ones go): the SQL's shape. */
const filterShape = (f: BookFilter) =>
  [
    f.status ? 's' : '',
    f.format ? 'f' : '',
    f.genre ? 'g' : '',
    f.tag ? 't' : '',
    f.accountId ? 'a' : '',
    f.rating === undefined ? '' : f.rating === 0 ? 'r0' : 'r',
    f.specialEdition === undefined ? '' : f.specialEdition ? 'e1' : 'e0',
  ].join('');

/**
 * The ids of the books that match, their rows locked in id order (a statement locks the rows it changes in
 * whatever order it finds them): two changes of overlapping sets of books queue on the first book they share
 * instead of each holding a book the other waits for. Every change to books locks through here or lockMany.
 */
const lockedInIdOrder = (executor: Database, where: SQL | undefined) =>
  executor.select({ id: books.id }).from(books).where(where).orderBy(books.id).for('update');
const lockedBooks = (executor: Database, userId: string, ids: string[]) =>
  lockedInIdOrder(executor, and(eq(books.userId, userId), inArray(books.id, ids)));

/**
 * The search condition: every word must match the book, whole or as the beginning of a word, through the
 * full-text index. `alternatives` are the real words of the library a misspelt word may stand for
 * ("gatbsy" → "gatsby"); they join the word as alternatives.
 */
function searchCondition(q: string, alternatives: ReadonlyMap<string, string[]> = new Map()) {
  const words = searchWords(q);
  // The alternatives are whole words of the library, so they match as they are, not as prefixes.
  const terms = words.map((word) => [`${word}:*`, ...(alternatives.get(word) ?? [])].join(' | '));
  const all = sql`to_tsquery('simple', ${terms.map((t) => `(${t})`).join(' & ')})`;
  return {
    words,
    where: and(...terms.map((t) => sql`${books.searchVector} @@ to_tsquery('simple', ${`(${t})`})`))!,
    /**
     * The same test as a function call, which no index can answer: for a search that most books match, the
     * planner then walks a btree in the page's order and tests book after book until the page is full,
     * instead of collecting every match from the GIN index first (decision 029).
     */
    scanned: sql`ts_match_vq(${books.searchVector}, ${all})`,
    rank: [sql`ts_rank(${books.searchVector}, ${all}) desc`],
  };
}
type SearchCondition = ReturnType<typeof searchCondition>;

/** The words of the vocabulary (book_facet_counts) that begin with `prefix`, as a range of its primary key. */
function vocabularyFrom(prefix: string): SQL {
  const last = Array.from(prefix).pop()!;
  const after = prefix.slice(0, -last.length) + String.fromCodePoint(last.codePointAt(0)! + 1);
  return sql`${bookFacetCounts.value} >= ${prefix} and ${bookFacetCounts.value} < ${after} and starts_with(${bookFacetCounts.value}, ${prefix})`;
}

/** A search counts its matches up to this many (decision 029). */
const COUNT_MAX = BookLimits.searchCountMax;

/**
 * ORDER BY for a sort. Non-null columns are ordered with the nulls placement of their index so the planner
 * walks the index instead of sorting; nullable ones put books without a value last in both directions.
 */
function orderFor(sort: BookSort, order: SortOrder, rank: SQL[]): SQL[] {
  const dir = order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const last = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const tie = sql`${books.id} ${dir}`;
  // books_user_title_idx and books_user_author_idx keep the default placement (nulls last ascending, hence
  // first descending); the id tiebreak is then an incremental sort of each run of equal names.
  const named = order === 'asc' ? sql`asc nulls last` : sql`desc nulls first`;
  switch (sort) {
    case 'title':
      return [sql`lower(${books.title}) ${named}`, tie];
    case 'author':
      return [sql`lower(${books.author}) ${named}`, tie];
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

/**
 * How alike a word of the library must be to a misspelt one (pg_trgm similarity): a swapped pair of letters
 * in a six-letter word ("gatbsy" for "gatsby") is 0.27.
 */
const LOOKALIKE_SIMILARITY = 0.25;

export function createBooksRepository(db: Database) {
  // Built once: GET /api/books/:id reads it on every request.
  const bookById = db
    .select(bookColumns)
    .from(books)
    .where(and(eq(books.id, sql.placeholder('id')), isNull(books.deletedAt)))
    .prepare('book_by_id');
  /** For each misspelt word, up to 5 words of the user's library that look like it, closest first. */
  async function lookalikes(userId: string, words: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    for (const word of words) {
      // Typos rarely touch a word's first letters, so only the words sharing them are compared: one short
      // range of the primary key instead of the whole vocabulary.
      const chars = Array.from(word);
      const prefix = chars.slice(0, chars.length > 3 ? 2 : 1).join('');
      const similarity = sql<number>`similarity(${bookFacetCounts.value}, ${word})`;
      const rows = await db
        .select({ value: bookFacetCounts.value })
        .from(bookFacetCounts)
        .where(
          and(
            eq(bookFacetCounts.userId, userId),
            eq(bookFacetCounts.facet, 'word'),
            vocabularyFrom(prefix),
            sql`${bookFacetCounts.n} > 0`,
            sql`${similarity} >= ${LOOKALIKE_SIMILARITY}`,
          ),
        )
        .orderBy(sql`${similarity} desc`)
        .limit(5);
      // Only letters and digits reach to_tsquery, whatever the vocabulary holds.
      const known = rows.map((r) => r.value).filter((v) => /^[\p{L}\p{N}]+$/u.test(v));
      if (known.length > 0) found.set(word, known);
    }
    return found;
  }

  /**
   * The number of books that match, counted up to `cap` + 1 so that the count stops there, whatever the size
   * of the library. For a one-word search the kept vocabulary (book_facet_counts) first tells whether the
   * word begins the words of a quarter of the library or more ("the", "a"): then the books are tested one by
   * one in a plain scan, which meets `cap` + 1 matches within a few thousand books, instead of the GIN index
   * gathering all the matches first. The vocabulary only picks the plan (its words are split a little
   * differently from the full-text parser's): both plans count the same books. One statement: CASE runs only
   * the count it picks.
   */
  async function countUpTo(userId: string, indexed: SQL, scanned: SQL, cap: number, word?: string): Promise<number> {
    const count = (where: SQL) =>
      db.select({ n: sql<number>`count(*)` }).from(
        db
          .select({ one: sql`1` })
          .from(books)
          .where(where)
          .limit(cap + 1)
          .as('matches'),
      );
    if (word === undefined) {
      const [row] = await count(indexed);
      return Number(row?.n ?? 0);
    }
    const kept = (facet: string, value: SQL) =>
      and(eq(bookFacetCounts.userId, userId), eq(bookFacetCounts.facet, facet), value);
    // A few thousand words are plenty to tell; a longer run of them is a broad search anyway.
    const words = db
      .select({ n: bookFacetCounts.n })
      .from(bookFacetCounts)
      .where(and(kept('word', vocabularyFrom(word)), sql`${bookFacetCounts.n} > 0`))
      .limit(5000)
      .as('words');
    const wordCounts = db.select({ n: sql`coalesce(sum(${words.n}), 0)` }).from(words);
    const library = db
      .select({ n: bookFacetCounts.n })
      .from(bookFacetCounts)
      .where(kept('total', sql`${bookFacetCounts.value} = ''`));
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select (case when (${wordCounts}) >= greatest(${cap + 1}, coalesce((${library}), 0) / 4)
        then (${count(scanned)}) else (${count(indexed)}) end)::int as n`),
    );
    return row?.n ?? 0;
  }

  /**
   * The statements of a page of the library without a search, one pair per shape (sort, order and which
   * filters are set; at most a few hundred, a handful in use), built and prepared once: on PostgreSQL a
   * statement Drizzle sends unprepared is parsed and planned on every request and costs postgres.js two
   * round trips (it describes the parameters first), and building its SQL was a tenth of the answer's CPU
   * (docs/decisions/063-full-answers.md). The values are bound at execution.
   */
  const listShapes = new Map<string, ReturnType<typeof prepareList>>();
  const prepareList = (filter: BookFilter, sort: BookSort, order: SortOrder, name: string) => {
    const conditions = filterConditions(filter, (key) => sql.placeholder(key));
    const where = and(...conditions);
    const unfiltered = conditions.length === 1;
    return {
      items: db
        .select(bookColumns)
        .from(books)
        .where(where)
        .orderBy(...orderFor(sort, order, []))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_items`),
      // Nothing to narrow by: the kept total saves counting the whole library.
      total: unfiltered
        ? db
            .select({ n: bookFacetCounts.n })
            .from(bookFacetCounts)
            .where(and(eq(bookFacetCounts.userId, sql.placeholder('userId')), eq(bookFacetCounts.facet, 'total')))
            .prepare(`${name}_total`)
        : db
            .select({ n: sql<number>`count(*)::int` })
            .from(books)
            .where(where)
            .prepare(`${name}_total`),
    };
  };
  const listQueries = (filter: BookFilter, sort: BookSort, order: SortOrder) => {
    const shape = `${sort}_${order}_${filterShape(filter)}`;
    let queries = listShapes.get(shape);
    if (!queries) listShapes.set(shape, (queries = prepareList(filter, sort, order, `books_page_${shape}`)));
    return queries;
  };

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

    /** What a duplicate check needs of every live book of a user (bulk import): small columns only. */
    async duplicateIndex(
      userId: string,
    ): Promise<{ id: string; isbn: string | null; title: string; author: string }[]> {
      return db
        .select({ id: books.id, isbn: books.isbn, title: books.title, author: books.author })
        .from(books)
        .where(live(userId));
    },

    /** Every live book of a user, oldest first: an export. */
    async all(userId: string): Promise<StoredBook[]> {
      return db.select(bookColumns).from(books).where(live(userId)).orderBy(books.dateAdded, books.id);
    },

    /** Live books of a user by id, unlocked (a merge reads them first and locks only those it changes). */
    async findMany(userId: string, ids: string[]): Promise<StoredBook[]> {
      if (ids.length === 0) return [];
      return db
        .select(bookColumns)
        .from(books)
        .where(and(live(userId), inArray(books.id, ids)));
    },

    /** A page of a user's live books that have an ISBN but no cover, in id order after `afterId`. */
    async withoutCover(userId: string, afterId: string | null, limit: number): Promise<{ id: string; isbn: string }[]> {
      const rows = await db
        .select({ id: books.id, isbn: books.isbn })
        .from(books)
        .where(
          and(
            live(userId),
            isNotNull(books.isbn),
            isNull(books.coverUrl),
            afterId ? sql`${books.id} > ${afterId}` : undefined,
          ),
        )
        .orderBy(books.id)
        .limit(limit);
      return rows.map((r) => ({ id: r.id, isbn: r.isbn! }));
    },

    async countWithoutCover(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(books)
        .where(and(live(userId), isNotNull(books.isbn), isNull(books.coverUrl)));
      return row?.n ?? 0;
    },

    /** Sets a cover on a book that still has none (the reader may have set one meanwhile); answers whether it did. */
    async setCoverIfMissing(userId: string, id: string, coverUrl: string, executor: Database): Promise<boolean> {
      const rows = await executor
        .update(books)
        .set({ coverUrl, updatedAt: sql`now()` })
        .where(and(live(userId), eq(books.id, id), isNull(books.coverUrl)))
        .returning({ id: books.id });
      return rows.length > 0;
    },

    /** A live book by its id, whoever owns it: platform/access decides whether the caller may see it. */
    async find(id: string): Promise<StoredBook | undefined> {
      const [row] = await bookById.execute({ id });
      return row;
    },

    /** A live book by its id, whoever owns it, locked to change it: platform/access decides whether one may. */
    async lock(id: string, executor: Database): Promise<StoredBook | undefined> {
      const [row] = await executor
        .select(bookColumns)
        .from(books)
        .where(and(eq(books.id, id), isNull(books.deletedAt)))
        .for('update');
      return row;
    },

    /**
     * Reads a user's books to change them (live ones, or trashed ones to restore), their rows locked in id
     * order as lockedInIdOrder does.
     */
    async lockMany(
      userId: string,
      ids: string[],
      executor: Database,
      state: 'live' | 'trashed' = 'live',
    ): Promise<StoredBook[]> {
      const inState = state === 'live' ? live(userId) : and(eq(books.userId, userId), isNotNull(books.deletedAt));
      return executor
        .select(bookColumns)
        .from(books)
        .where(and(inState, inArray(books.id, ids)))
        .orderBy(books.id)
        .for('update');
    },

    async update(userId: string, id: string, values: Partial<BookValues>, executor: Database = db) {
      const [row] = await executor
        .update(books)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(live(userId), eq(books.id, id)))
        .returning(bookColumns);
      return row;
    },

    /**
     * Writes status, dateRead, tags (with the search text) and binding type of many books in ONE statement:
     * the counts kept from books then change in one step, in key order (migration 0004), instead of once per
     * book, which would hold some count rows while waiting for others.
     */
    async updateStates(userId: string, changes: BookStateChange[], executor: Database): Promise<StoredBook[]> {
      if (changes.length === 0) return [];
      const rows = JSON.stringify(
        changes.map((c) => ({
          id: c.id,
          status: c.status,
          date_read: c.dateRead?.toISOString() ?? null,
          tags: c.tags,
          search_text: c.searchText,
          binding_type: c.bindingType,
        })),
      );
      const v = sql`jsonb_to_recordset(${rows}::jsonb) as v(id uuid, status text, date_read timestamptz, tags text[], search_text text, binding_type text)`;
      return executor
        .update(books)
        .set({
          status: sql`v.status`,
          dateRead: sql`v.date_read`,
          tags: sql`v.tags`,
          searchText: sql`v.search_text`,
          bindingType: sql`v.binding_type`,
          updatedAt: sql`now()`,
        })
        .from(v)
        .where(and(live(userId), sql`${books.id} = v.id`))
        .returning(bookColumns);
    },

    async list(userId: string, filter: BookFilter, page: BookPage): Promise<BookListPage> {
      const words = filter.q ? searchWords(filter.q) : [];
      if (words.length === 0) {
        // No search (the library's pages, filtered or not): statements prepared once per shape.
        const { items, total } = listQueries(filter, page.sort, page.order);
        const values = { ...filterValues(userId, filter), limit: page.limit, offset: page.offset };
        const [rows, [counted]] = await Promise.all([items.execute(values), total.execute(values)]);
        return { items: rows, total: counted?.n ?? 0 };
      }
      const conditions = filterConditions(filter, (_name, value) => value, userId);
      const fetchPage = async (where: SQL | undefined, order: SQL[], knownTotal?: number) => {
        const [items, [counted]] = await Promise.all([
          db
            .select(bookColumns)
            .from(books)
            .where(where)
            .orderBy(...order)
            .limit(page.limit)
            .offset(page.offset),
          knownTotal !== undefined
            ? [{ total: knownTotal }]
            : db
                .select({ total: sql<number>`count(*)::int` })
                .from(books)
                .where(where),
        ]);
        return { items, total: counted?.total ?? 0 };
      };
      // The sorts that an index of books keeps in order (relevance, past the cap, is newest first).
      const indexedSort = ['relevance', 'dateAdded', 'title', 'author'].includes(page.sort);
      /**
       * Counts the matches up to COUNT_MAX first. Up to it, every match is ranked (or sorted) and the total is
       * exact. Past it, the cost of ranking and counting would grow with the library: the books come newest
       * first (relevance among thousands of books holding "the" means little) from a walk down the date index
       * (or the title or author index for those sorts) that stops when the page is full, and the total is the
       * cap.
       */
      const search = async (condition: SearchCondition, oneWord?: string) => {
        const counted = await countUpTo(
          userId,
          and(...conditions, condition.where)!,
          and(...conditions, condition.scanned)!,
          COUNT_MAX,
          oneWord,
        );
        if (counted === 0) return { items: [], total: 0 };
        if (counted <= COUNT_MAX) {
          return fetchPage(
            and(...conditions, condition.where),
            orderFor(page.sort, page.order, condition.rank),
            counted,
          );
        }
        const { items } = await fetchPage(
          and(...conditions, indexedSort ? condition.scanned : condition.where),
          page.sort === 'relevance' ? orderFor('dateAdded', 'desc', []) : orderFor(page.sort, page.order, []),
          COUNT_MAX,
        );
        return { items, total: COUNT_MAX, totalCapped: true };
      };
      // Exact words and prefixes first; only when nothing matches are misspellings tried, so a search that
      // has real hits is not diluted by look-alikes ("harbour" would otherwise also find Harper Lee).
      const exact = await search(searchCondition(filter.q!), words.length === 1 ? words[0] : undefined);
      if (exact.total > 0) return exact;
      const alternatives = await lookalikes(userId, words.filter(mayBeMisspelt));
      if (alternatives.size === 0) return exact;
      return search(searchCondition(filter.q!, alternatives));
    },

    /** The kept counts (book_facet_counts, migration 0003): a few small rows, whatever the library's size. */
    async facets(userId: string): Promise<{ total: number; rows: FacetRow[] }> {
      const rows = await db
        .select({ facet: bookFacetCounts.facet, value: bookFacetCounts.value, count: bookFacetCounts.n })
        .from(bookFacetCounts)
        .where(
          and(
            eq(bookFacetCounts.userId, userId),
            inArray(bookFacetCounts.facet, ['total', 'status', 'format', 'genre', 'account', 'tag']),
            sql`${bookFacetCounts.n} > 0`,
          ),
        );
      const total = rows.find((r) => r.facet === 'total')?.count ?? 0;
      return { total, rows: rows.filter((r) => r.facet !== 'total') as FacetRow[] };
    },

    /** Moves books to the trash; they stay restorable until purged. */
    async trash(userId: string, ids: string[], now: Date, executor: Database = db): Promise<number> {
      const rows = await executor
        .update(books)
        .set({ deletedAt: now })
        .where(and(live(userId), inArray(books.id, lockedBooks(executor, userId, ids))))
        .returning({ id: books.id });
      return rows.length;
    },

    async restore(userId: string, ids: string[], executor: Database = db): Promise<number> {
      const rows = await executor
        .update(books)
        .set({ deletedAt: null })
        .where(
          and(
            eq(books.userId, userId),
            isNotNull(books.deletedAt),
            inArray(books.id, lockedBooks(executor, userId, ids)),
          ),
        )
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

    /** How many sample books the load job has added so far, the user's row locked until the commit. */
    async lockDemoProgress(userId: string, executor: Database): Promise<number | undefined> {
      const [row] = await executor
        .select({ added: demoLoads.added })
        .from(demoLoads)
        .where(eq(demoLoads.userId, userId))
        .for('update');
      return row?.added;
    },

    async setDemoProgress(userId: string, added: number, executor: Database): Promise<void> {
      await executor.update(demoLoads).set({ added }).where(eq(demoLoads.userId, userId));
    },

    /**
     * For reading goals (issue 15): how many of the reader's live books are read with a dateRead on a day of
     * each range, days counted in `timeZone` (already checked by the caller). One statement for all ranges.
     */
    async countReadBetween(
      userId: string,
      ranges: readonly { startDate: string; endDate: string }[],
      timeZone: string,
    ): Promise<number[]> {
      if (ranges.length === 0) return [];
      const rows = rowsOf<{ n: number }>(
        await db.execute(sql`
          select (
            select count(*) from ${books}
            where ${live(userId)} and ${books.status} = 'read'
              and ${books.dateRead} >= (r.start_date::timestamp at time zone ${timeZone})
              and ${books.dateRead} < ((r.end_date + 1)::timestamp at time zone ${timeZone})
          )::int as n
          from unnest(${`{${ranges.map((r) => r.startDate).join(',')}}`}::date[], ${`{${ranges.map((r) => r.endDate).join(',')}}`}::date[])
            with ordinality as r(start_date, end_date, ord)
          order by r.ord`),
      );
      return rows.map((r) => r.n);
    },

    async purgeTrashedBefore(cutoff: Date): Promise<void> {
      const expired = lockedInIdOrder(db, and(isNotNull(books.deletedAt), lt(books.deletedAt, cutoff)));
      await db.delete(books).where(inArray(books.id, expired));
    },
  };
}

export type BooksRepository = ReturnType<typeof createBooksRepository>;
