import { normalizeIsbn } from '@bookshelf/contract';

/** What a duplicate check needs of a library book. */
export interface LibraryBook {
  id: string;
  isbn: string | null;
  title: string;
  author: string;
}

/** What a row of the file duplicates: a book of the library (with its id) or an earlier row. */
export interface DuplicateOf {
  title: string;
  bookId?: string;
  row?: number;
}

/**
 * Title and author as one comparable key: case, accents, punctuation and a trailing series note such as
 * "(The Hunger Games, #1)" (Goodreads adds those) do not make two books different.
 */
export function titleAuthorKey(title: string, author: string): string {
  const simple = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const bareTitle = title.replace(/\s*\([^()]*#\s*\d+(\.\d+)?\)\s*$/u, '');
  return `${simple(bareTitle)}\u0000${simple(author)}`;
}

/**
 * Finds duplicates as the issue defines them: the same ISBN-13, or the same normalised title and author. It
 * starts from the library and learns each row of the file as it goes, so a book listed twice in one file is
 * added once.
 */
export function createDuplicateFinder(library: readonly LibraryBook[]) {
  const byIsbn = new Map<string, DuplicateOf>();
  const byKey = new Map<string, DuplicateOf>();
  const learn = (book: { isbn?: string | null; title: string; author: string }, of: DuplicateOf) => {
    const isbn = book.isbn ? normalizeIsbn(book.isbn) : null;
    if (isbn && !byIsbn.has(isbn)) byIsbn.set(isbn, of);
    const key = titleAuthorKey(book.title, book.author);
    if (!byKey.has(key)) byKey.set(key, of);
  };
  for (const book of library) learn(book, { title: book.title, bookId: book.id });

  return {
    /** find, then learn the book as `of` when it is new: its key made once, for the rows of a large file. */
    findOrLearn(book: { isbn?: string | null; title: string; author: string }, of: DuplicateOf) {
      const isbn = book.isbn ? normalizeIsbn(book.isbn) : null;
      const key = titleAuthorKey(book.title, book.author);
      const found = (isbn ? byIsbn.get(isbn) : undefined) ?? byKey.get(key);
      if (found) return found;
      if (isbn) byIsbn.set(isbn, of);
      byKey.set(key, of);
      return undefined;
    },
  };
}
