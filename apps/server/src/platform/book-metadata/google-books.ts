import { z } from 'zod';
import type { HttpClient } from '../outbound-http/client.js';
import { OutboundHttpError } from '../outbound-http/errors.js';
import { plainText, tidy, yearOf, type BookFacts } from './book-facts.js';

/** The fields of the Books API v1 volume search that we read. */
const VolumeSearch = z.object({
  totalItems: z.number().optional(),
  items: z
    .array(
      z.object({
        id: z.string(),
        volumeInfo: z.object({
          title: z.string().optional(),
          subtitle: z.string().optional(),
          authors: z.array(z.string()).optional(),
          publisher: z.string().optional(),
          publishedDate: z.string().optional(),
          description: z.string().optional(),
          pageCount: z.number().optional(),
          categories: z.array(z.string()).optional(),
        }),
      }),
    )
    .optional(),
});

/** Asks Google Books about one ISBN-13: undefined when it does not know it. */
export async function askGoogleBooks(
  client: HttpClient,
  isbn: string,
  apiKey?: string,
): Promise<BookFacts | undefined> {
  const url = new URL(client.url('https://www.googleapis.com/books/v1/volumes'));
  url.search = new URLSearchParams({ q: `isbn:${isbn}`, ...(apiKey ? { key: apiKey } : {}) }).toString();
  const answer = VolumeSearch.safeParse((await client.request(url)).json());
  if (!answer.success) {
    throw new OutboundHttpError('upstream-status', `${client.name}: the volume search answered in an unknown shape`);
  }
  const volume = answer.data.items?.[0];
  const info = volume?.volumeInfo;
  if (!volume || !info || !tidy(info.title)) return undefined;
  return {
    title: [tidy(info.title), tidy(info.subtitle)].filter(Boolean).join(': '),
    authors: (info.authors ?? []).map(tidy).filter((a): a is string => Boolean(a)),
    publisher: tidy(info.publisher),
    publishedYear: yearOf(info.publishedDate),
    pages: info.pageCount && info.pageCount > 0 ? Math.round(info.pageCount) : undefined,
    description: plainText(info.description),
    // "Fiction / Science Fiction / General": each level is a subject, the broadest first.
    subjects: (info.categories ?? []).flatMap((c) => c.split('/').map((s) => s.trim())).filter(Boolean),
    volumeId: volume.id,
  };
}

/** Google Books' front cover of a volume. */
export const googleBooksCoverUrl = (client: HttpClient, volumeId: string) => {
  const url = new URL(client.url('https://books.google.com/books/content'));
  url.search = new URLSearchParams({ id: volumeId, printsec: 'frontcover', img: '1', zoom: '1' }).toString();
  return url.toString();
};
