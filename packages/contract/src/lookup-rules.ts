/** ISBN lookup's rules and texts, zod-free so the add-book dialog uses them without the schema library. */

export const COVER_SOURCES = ['Open Library', 'Google Books'] as const;
export type CoverSource = (typeof COVER_SOURCES)[number];

export const LookupPaths = {
  isbn: (isbn: string) => `/api/lookup/isbn/${encodeURIComponent(isbn)}`,
} as const;

export const LookupMessages = {
  notFound: 'No book with this ISBN was found. Check the number, or enter the details by hand.',
  unavailable: 'The book services could not be reached. Please try again later, or enter the details by hand.',
  noCovers: 'No cover images found automatically',
} as const;

/** Stored covers are named by the SHA-256 of their bytes, so a URL never changes what it shows. */
export const STORED_COVER_PATH = /^\/api\/covers\/[0-9a-f]{64}$/;

/**
 * Where a reader can look for a cover by hand when none was found (core.md §8): up to four sources plus a web
 * search built from the title, the author and the words "book cover".
 */
export function manualCoverSources(book: { title: string; author: string; isbn?: string | null }) {
  const query = encodeURIComponent([book.title, book.author].filter(Boolean).join(' '));
  const sources = [
    { name: 'Open Library', url: `https://openlibrary.org/search?q=${query}` },
    { name: 'Google Books', url: `https://www.google.com/search?tbm=bks&q=${query}` },
    { name: 'Goodreads', url: `https://www.goodreads.com/search?q=${book.isbn ? book.isbn : query}` },
    { name: 'Amazon', url: `https://www.amazon.com/s?k=${book.isbn ? book.isbn : query}&i=stripbooks` },
  ];
  const search = encodeURIComponent([book.title, book.author, 'book cover'].filter(Boolean).join(' '));
  return { sources: sources.slice(0, 4), webSearch: `https://www.google.com/search?tbm=isch&q=${search}` };
}
