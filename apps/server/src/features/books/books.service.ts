import {
  activitiesForChange,
  addedPricePoints,
  BookLimits,
  BookMessages,
  dateReadAfter,
  defaultBookOrder,
  effectiveBookSort,
  ErrorCode,
  NEW_BOOK_DEFAULTS,
  normalizeIsbn,
  normalizeTags,
  type Book,
  type ExportFormat,
  type BookActivityType,
  type BookEvent,
  type BookFacets,
  type BookList,
  type BookListQuery,
  type BookState,
  type BookStatus,
  type BulkUpdateBooksRequest,
  type CreateBookRequest,
  type DomainEventName,
  type FacetCount,
  type UpdateBookRequest,
} from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import { AppError } from '../../platform/errors.js';
import type { PublishEvents } from '../../platform/jobs/outbox.js';
import { inputToValues, statusOf, toBook, withSearchText } from './book-mapper.js';
import { booksToCsv, booksToJson } from './export-format.js';
import { withUploadedImages } from './images/uploaded-urls.js';
import type { BookStateChange, BookValues, BooksRepository, FacetRow, StoredBook } from './books.repository.js';

export interface BooksServiceDeps {
  db: Database;
  books: BooksRepository;
  access: Access;
  /** Writes domain events in the transaction of the change (the outbox). */
  publish: PublishEvents;
  /** Tells the owner's other open pages, in the transaction of the change, that the library changed. */
  changed?: (userId: string, tx: Database) => Promise<void>;
  /** Runs before the trash purge deletes books older than `cutoff`: their photos' files go first. */
  beforePurge?: (cutoff: Date) => Promise<void>;
  now: () => Date;
  /** Told of the price points an update added to a book, in its transaction (app.ts: the wishlist's alerts). */
  onPriceHistoryAdded?: OnPriceHistoryAdded;
}

export type OnPriceHistoryAdded = (
  tx: Database,
  change: {
    book: { id: string; title: string; author: string; coverUrl: string | null };
    points: StoredBook['priceHistory'];
  },
) => Promise<void>;

/** Deleted books stay restorable this long (Undo, and a trash view later), then are purged. */
export const TRASH_RETENTION_DAYS = 30;

const invalid = (message: string) => new AppError(400, ErrorCode.validation, message);

/** Books are their owner's alone until a book gets a visibility of its own (the sharing issues). */
export const bookAccess: AccessPolicy<StoredBook> = {
  resource: (book) => ownedPrivately(book.userId),
  notFound: BookMessages.notFound,
};

const EVENT_OF: Record<BookActivityType, DomainEventName & `book.${string}`> = {
  book_started: 'book.started',
  book_finished: 'book.finished',
  book_reviewed: 'book.reviewed',
  book_rated: 'book.rated',
};

interface BookChange {
  name: DomainEventName & `book.${string}`;
  payload: BookEvent;
}

export function createBooksService({
  db,
  books,
  access,
  publish,
  changed,
  beforePurge,
  now,
  onPriceHistoryAdded,
}: BooksServiceDeps) {
  /** The book events of a change, in the spec's order (core.md §4), each with a snapshot of the book. */
  function changeEvents(userId: string, before: StoredBook | null, after: StoredBook): BookChange[] {
    const state = (b: StoredBook) => ({
      status: b.status as BookStatus,
      dateRead: b.dateRead?.toISOString() ?? null,
      review: b.review,
      rating: b.rating,
    });
    const at = now().toISOString();
    return activitiesForChange(before && state(before), state(after)).map((type) => ({
      name: EVENT_OF[type],
      payload: {
        userId,
        bookId: after.id,
        at,
        book: {
          title: after.title,
          author: after.author,
          coverUrl: after.coverUrl,
          rating: after.rating,
          review: after.review,
        },
      },
    }));
  }

  /**
   * Events are written in the change's transaction (the outbox): a rolled-back change raises none, and the
   * subscribers (the activity log among them) run as jobs after the commit, not before the answer.
   */
  const announce = (tx: Database, changes: BookChange[]) => publish(tx, changes);

  /** A missing account surfaces as the foreign key failing; it is the caller's mistake, not a 500. */
  async function withAccountCheck<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw invalid(BookMessages.accountNotFound);
      throw error;
    }
  }

  /** The status rules (core.md §4) and the cross-field checks a schema cannot see (core.md §5). */
  function applyRules(
    input: CreateBookRequest | UpdateBookRequest,
    values: Partial<BookValues>,
    current: StoredBook | null,
  ): Partial<BookValues> {
    const format = values.format ?? current?.format ?? NEW_BOOK_DEFAULTS.format;
    if (format !== 'physical') {
      if (values.bindingType) throw invalid(BookMessages.bindingOnlyPhysical);
      // Choosing digital or audiobook clears the binding type (core.md §4).
      if (current?.bindingType) values.bindingType = null;
    }
    const status = statusOf(input) ?? (current?.status as BookStatus | undefined) ?? NEW_BOOK_DEFAULTS.status;
    if (input.dateRead && status !== 'read') throw invalid(BookMessages.dateReadNotRead);
    const before = current && {
      status: current.status as BookStatus,
      dateRead: current.dateRead?.toISOString() ?? null,
    };
    const dateRead = dateReadAfter(before, status, now(), input.dateRead);
    return { ...values, status, dateRead: dateRead ? new Date(dateRead) : null };
  }

  /**
   * Every change to a user's books is a transaction that locks the books it reads to change them (in id
   * order), so it decides from the book as it is when written, and changes them in one statement, so the
   * counts kept from books are locked in one ordered step (migration 0004): two writers of the same library
   * queue instead of deadlocking.
   */
  const write = <T>(userId: string, work: (tx: Database) => Promise<T>) =>
    inTransaction(db, async (tx) => {
      const result = await work(tx);
      await changed?.(userId, tx);
      return result;
    });

  /**
   * Lists stay scoped to the caller in SQL, the efficient filter; what they lock still passes the access rule,
   * so a book shared with editors later needs a wider query here and no second rule.
   */
  const changeable = (userId: string, rows: StoredBook[]) => access.filterChangeable({ userId }, rows, bookAccess);

  return {
    async list(userId: string, query: BookListQuery): Promise<BookList> {
      const typed = query.q?.trim() || undefined;
      // ISBNs are stored as ISBN-13: a search for the ISBN-10 or a hyphenated ISBN looks for that form.
      const q = (typed && normalizeIsbn(typed)) ?? typed;
      const sort = effectiveBookSort(q, query.sort);
      const order = query.order ?? defaultBookOrder(sort);
      const limit = query.limit ?? BookLimits.pageSizeDefault;
      const offset = query.offset ?? 0;
      const { items, total, totalCapped } = await books.list(
        userId,
        {
          q,
          status: statusOf(query),
          format: query.format,
          genre: query.genre,
          tag: query.tag,
          accountId: query.accountId,
          rating: query.rating,
          specialEdition: query.specialEdition === undefined ? undefined : query.specialEdition === 'true',
        },
        { sort, order, limit, offset },
      );
      return { items: items.map(toBook), total, limit, offset, ...(totalCapped ? { totalCapped } : {}) };
    },

    async facets(userId: string): Promise<BookFacets> {
      const { total, rows } = await books.facets(userId);
      const pick = (facet: FacetRow['facet']): FacetCount[] =>
        rows
          .filter((r) => r.facet === facet)
          .map(({ value, count }) => ({ value, count }))
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      return {
        total,
        status: pick('status'),
        format: pick('format'),
        genre: pick('genre'),
        tag: pick('tag').slice(0, 100),
        account: pick('account'),
      };
    },

    /** The whole library in a file another app (or this one) can import. */
    async export(userId: string, format: ExportFormat): Promise<{ filename: string; type: string; body: string }> {
      const all = (await books.all(userId)).map(toBook);
      const day = now().toISOString().slice(0, 10);
      return format === 'json'
        ? { filename: `bookshelf-${day}.json`, type: 'application/json; charset=utf-8', body: booksToJson(all, now()) }
        : { filename: `bookshelf-${day}.csv`, type: 'text/csv; charset=utf-8', body: booksToCsv(all) };
    },

    async get(userId: string, id: string): Promise<Book> {
      return toBook(await access.requireVisible({ userId }, await books.find(id), bookAccess));
    },

    async create(userId: string, input: CreateBookRequest): Promise<Book> {
      const values = applyRules(input, inputToValues(input), null);
      const row = await withAccountCheck(() =>
        write(userId, async (tx) => {
          const row = await books.insert(
            userId,
            withSearchText({ ...NEW_BOOK_DEFAULTS, dateAdded: now(), ...values }, undefined) as BookValues,
            tx,
          );
          await announce(tx, changeEvents(userId, null, row));
          return row;
        }),
      );
      return toBook(row);
    },

    async update(userId: string, id: string, input: UpdateBookRequest): Promise<Book> {
      const row = await withAccountCheck(() =>
        write(userId, async (tx) => {
          const current = await access.requireChangeable({ userId }, await books.lock(id, tx), bookAccess);
          const values = applyRules(input, inputToValues(input), current);
          if (values.images) values.images = withUploadedImages(current, values.images);
          // Locked above, so it is still there to update.
          const row = (await books.update(current.userId, id, withSearchText(values, current), tx))!;
          await announce(tx, changeEvents(userId, current, row));
          const added = values.priceHistory ? addedPricePoints(current.priceHistory, row.priceHistory) : [];
          if (added.length > 0) await onPriceHistoryAdded?.(tx, { book: row, points: added });
          return row;
        }),
      );
      return toBook(row);
    },

    /** One change to many books; answers what each was before, so the client can undo it exactly. */
    async bulkUpdate(userId: string, request: BulkUpdateBooksRequest) {
      const status = statusOf(request);
      const addTag = request.addTag?.trim();
      const removeTag = request.removeTag?.trim().toLowerCase();
      if (!status && !addTag && !removeTag) throw invalid('Choose a change: status, addTag or removeTag.');
      const previous = await write(userId, async (tx) => {
        const rows = await changeable(userId, await books.lockMany(userId, [...new Set(request.ids)], tx));
        const updates = rows.map((current) => {
          let tags = current.tags;
          if (addTag) tags = normalizeTags([...tags, addTag]);
          if (removeTag) tags = tags.filter((t) => t.toLowerCase() !== removeTag);
          if (tags.length > BookLimits.tagsMax) throw invalid(`A book can have at most ${BookLimits.tagsMax} tags.`);
          return stateChange(current, applyRules({ ...(status ? { status } : {}) }, { tags }, current));
        });
        const written = new Map((await books.updateStates(userId, updates, tx)).map((row) => [row.id, row]));
        await announce(
          tx,
          rows.flatMap((current) => {
            const row = written.get(current.id);
            return row ? changeEvents(userId, current, row) : [];
          }),
        );
        return rows.map(stateOf);
      });
      return { updated: previous.length, previous };
    },

    /** Puts status, dateRead and tags back as a bulk change found them (Undo); records no activity. */
    async revert(userId: string, states: BookState[]) {
      const wanted = new Map(states.map((s) => [s.id, s]));
      return write(userId, async (tx) => {
        const rows = await changeable(userId, await books.lockMany(userId, [...wanted.keys()], tx));
        const updates = rows.map((current) => {
          const { status, dateRead, tags } = wanted.get(current.id)!;
          return stateChange(current, {
            status,
            dateRead: status === 'read' ? new Date(dateRead ?? now().toISOString()) : null,
            tags: normalizeTags(tags),
          });
        });
        return { count: (await books.updateStates(userId, updates, tx)).length };
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      await write(userId, async (tx) => {
        const book = await access.requireChangeable({ userId }, await books.lock(id, tx), bookAccess);
        await books.trash(book.userId, [id], now(), tx);
      });
    },

    async removeMany(userId: string, ids: string[]) {
      return {
        count: await write(userId, async (tx) => {
          const rows = await changeable(userId, await books.lockMany(userId, [...new Set(ids)], tx));
          return books.trash(userId, idsOf(rows), now(), tx);
        }),
      };
    },

    async restore(userId: string, ids: string[]) {
      return {
        count: await write(userId, async (tx) => {
          const rows = await changeable(userId, await books.lockMany(userId, [...new Set(ids)], tx, 'trashed'));
          return books.restore(userId, idsOf(rows), tx);
        }),
      };
    },

    async purgeTrash() {
      const cutoff = new Date(now().getTime() - TRASH_RETENTION_DAYS * 86_400_000);
      await beforePurge?.(cutoff);
      await books.purgeTrashedBefore(cutoff);
    },
  };
}

/** What a bulk change writes to one book: its new values, and what it had for anything they leave out. */
function stateChange(current: StoredBook, values: Partial<BookValues>): BookStateChange {
  const pick = <K extends 'status' | 'dateRead' | 'tags' | 'bindingType'>(key: K): StoredBook[K] =>
    values[key] !== undefined ? (values[key] as StoredBook[K]) : current[key];
  return {
    id: current.id,
    status: pick('status'),
    dateRead: pick('dateRead'),
    tags: pick('tags'),
    bindingType: pick('bindingType'),
    searchText: withSearchText(values, current).searchText!,
  };
}

const idsOf = (rows: StoredBook[]) => rows.map((row) => row.id);

function stateOf(row: StoredBook): BookState {
  return {
    id: row.id,
    status: row.status as BookStatus,
    dateRead: row.dateRead?.toISOString() ?? null,
    tags: row.tags,
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
