import { BookMessages, ErrorCode, NEW_BOOK_DEFAULTS, type CreateBookRequest } from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { inputToValues, statusOf, withSearchText } from './book-mapper.js';
import type { BooksRepository, BookValues } from './books.repository.js';
import { SAMPLE_BOOKS } from './sample-books.js';

export interface DemoServiceDeps {
  db: Database;
  books: BooksRepository;
  now: () => Date;
}

/**
 * Loads the sample library into a user's own library, once, in one transaction: a second click or a double
 * submit adds nothing. Sample books are plain books the user may edit or delete; they record no activity.
 */
export function createDemoService({ db, books, now }: DemoServiceDeps) {
  function valuesOf(sample: CreateBookRequest, index: number): BookValues {
    const status = statusOf(sample) ?? NEW_BOOK_DEFAULTS.status;
    // Spread the dates over the past weeks so "recently added" and "date read" sorts have something to order.
    const dateAdded = new Date(now().getTime() - (SAMPLE_BOOKS.length - index) * 86_400_000 * 3);
    return withSearchText(
      {
        ...NEW_BOOK_DEFAULTS,
        ...inputToValues(sample),
        status,
        dateAdded,
        dateRead: status === 'read' ? new Date(dateAdded.getTime() + 86_400_000 * 2) : null,
      },
      undefined,
    ) as BookValues;
  }

  return {
    async load(userId: string): Promise<{ added: number }> {
      return inTransaction(db, async (tx) => {
        if (!(await books.markDemoLoaded(userId, tx))) {
          throw new AppError(409, ErrorCode.conflict, BookMessages.demoLoaded);
        }
        const rows = await books.insertMany(userId, SAMPLE_BOOKS.map(valuesOf), tx);
        return { added: rows.length };
      });
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
