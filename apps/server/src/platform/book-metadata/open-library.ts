import { z } from 'zod';
import type { HttpClient } from '../outbound-http/client.js';
import { OutboundHttpError } from '../outbound-http/errors.js';
import { tidy, yearOf, type BookFacts } from './book-facts.js';

const Named = z.object({ name: z.string() });

/** The fields of Open Library's Books API (jscmd=data) that we read; everything else is ignored. */
const OpenLibraryBook = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  authors: z.array(Named).optional(),
  publishers: z.array(Named).optional(),
  publish_date: z.string().optional(),
  number_of_pages: z.number().optional(),
  subjects: z.array(Named).optional(),
  notes: z.union([z.string(), z.object({ value: z.string() })]).optional(),
  excerpts: z.array(z.object({ text: z.string() })).optional(),
});

/**
 * Asks Open Library's Books API about one ISBN-13: undefined when it does not know it. An answer that is not
 * the documented shape fails like a service that is down (`upstream-status`).
 */
export async function askOpenLibrary(client: HttpClient, isbn: string): Promise<BookFacts | undefined> {
  const url = new URL(client.url('https://openlibrary.org/api/books'));
  url.search = new URLSearchParams({ bibkeys: `ISBN:${isbn}`, format: 'json', jscmd: 'data' }).toString();
  const answer = z.record(z.string(), OpenLibraryBook).safeParse((await client.request(url)).json());
  if (!answer.success) {
    throw new OutboundHttpError('upstream-status', `${client.name}: the Books API answered in an unknown shape`);
  }
  const book = answer.data[`ISBN:${isbn}`];
  if (!book || !tidy(book.title)) return undefined;
  const notes = typeof book.notes === 'string' ? book.notes : book.notes?.value;
  return {
    title: [tidy(book.title), tidy(book.subtitle)].filter(Boolean).join(': '),
    authors: (book.authors ?? []).map((a) => tidy(a.name)).filter((a): a is string => Boolean(a)),
    publisher: tidy(book.publishers?.[0]?.name),
    publishedYear: yearOf(book.publish_date),
    pages: book.number_of_pages && book.number_of_pages > 0 ? Math.round(book.number_of_pages) : undefined,
    description: tidy(notes) ?? tidy(book.excerpts?.[0]?.text),
    subjects: (book.subjects ?? []).map((s) => tidy(s.name)).filter((s): s is string => Boolean(s)),
  };
}

/** Open Library's cover of an ISBN; for a book it has none of, it answers a 1×1 placeholder image. */
export const openLibraryCoverUrl = (covers: HttpClient, isbn: string) =>
  covers.url(`https://covers.openlibrary.org/b/isbn/${isbn}-L.jpg`);
