import { z } from 'zod/mini';
import { ISBN_MESSAGE, isValidIsbn } from './isbn.js';

/**
 * ISBN lookup on the wire (issue 12): what the book services know about one ISBN, merged, with the covers the
 * server found and stored. The book form is prefilled from it; nothing is saved until the reader says so.
 */

export const COVER_SOURCES = ['Open Library', 'Google Books'] as const;
export type CoverSource = (typeof COVER_SOURCES)[number];

export const FoundCoverSchema = z.object({
  source: z.enum(COVER_SOURCES),
  /** Where the server keeps its copy: a path under /api/covers, never the provider's address. */
  url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type FoundCover = z.infer<typeof FoundCoverSchema>;

export const IsbnLookupSchema = z.object({
  /** The ISBN-13 that was looked up, 13 bare digits. */
  isbn: z.string(),
  title: z.string(),
  /** All authors joined with ", " (the book form has one author field); `authors` keeps them apart. */
  author: z.string(),
  authors: z.array(z.string()),
  publisher: z.nullable(z.string()),
  publishedYear: z.nullable(z.number()),
  pages: z.nullable(z.number()),
  description: z.nullable(z.string()),
  /** The first subject, offered as the genre; `subjects` keeps the rest for tags. */
  genre: z.nullable(z.string()),
  subjects: z.array(z.string()),
  /** Verified real images, best first; empty when none was found automatically. */
  covers: z.array(FoundCoverSchema),
  /** The services that knew the book. */
  sources: z.array(z.enum(COVER_SOURCES)),
});
export type IsbnLookup = z.infer<typeof IsbnLookupSchema>;

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

export const IsbnParamsSchema = z.object({
  isbn: z.string().check(z.refine((v) => v.length <= 40 && isValidIsbn(v), ISBN_MESSAGE)),
});

export const CoverParamsSchema = z.object({
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Not a stored cover.')),
});
