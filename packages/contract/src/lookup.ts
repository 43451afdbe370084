import { z } from 'zod/mini';
import { textInput } from './wire-values.js';
import { ISBN_MESSAGE, isValidIsbn } from './isbn.js';
import { COVER_SOURCES } from './lookup-rules.js';

/**
 * ISBN lookup on the wire (issue 12): what the book services know about one ISBN, merged, with the covers the
 * server found and stored. The book form is prefilled from it; nothing is saved until the reader says so.
 */

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

export const IsbnParamsSchema = z.object({
  isbn: textInput().check(z.refine((v) => v.length <= 40 && isValidIsbn(v), ISBN_MESSAGE)),
});

export const CoverParamsSchema = z.object({
  hash: textInput().check(z.regex(/^[0-9a-f]{64}$/, 'Not a stored cover.')),
});
