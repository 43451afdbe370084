import type { FoundCover, IsbnLookup } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { isbnLookups } from '../../db/schema/index.js';
import { createHttpClient, type HttpClient } from '../outbound-http/client.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { BookFacts } from './book-facts.js';
import { createCoverStore } from './cover-store.js';
import { askGoogleBooks, googleBooksCoverUrl } from './google-books.js';
import { mergeFacts } from './merge.js';
import { askOpenLibrary, openLibraryCoverUrl } from './open-library.js';

const DAY_MS = 86_400_000;
/** A found book is asked about again after a month (covers and editions get added); an unknown ISBN after a day. */
const FOUND_TTL_MS = 30 * DAY_MS;
const NOT_FOUND_TTL_MS = DAY_MS;
const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Base-URL overrides (DESIGN.md: fakes or mirrors) and the optional Google Books API key. */
export interface BookServicesConfig {
  openLibraryBaseUrl?: string | undefined;
  openLibraryCoversBaseUrl?: string | undefined;
  googleBooksBaseUrl?: string | undefined;
  googleBooksApiKey?: string | undefined;
}

/** No service could be asked (every one that did not know the ISBN failed instead). */
export class BookServicesUnavailable extends Error {
  override name = 'BookServicesUnavailable';
}

type Outcome = PromiseSettledResult<BookFacts | undefined>;
const value = (outcome: Outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined);

/**
 * What Open Library and Google Books know about an ISBN (decision 042), for the ISBN lookup route and for the
 * covers of imported books: both asked side by side, merged, their covers checked and stored, the answer kept
 * for every reader in `isbn_lookups`. Lookups of one ISBN already under way are joined, not repeated.
 */
export function createBookMetadata({
  db,
  storage,
  config,
  log,
  now,
}: {
  db: Database;
  storage: BlobStore;
  config: BookServicesConfig;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  // A reader is often waiting: short limits and one quick retry, not the background default of three.
  const interactive = { timeoutMs: 5_000, retry: { attempts: 2, baseDelayMs: 300, jitterMs: 200 } };
  const openLibrary = createHttpClient({
    name: 'open-library',
    hosts: ['openlibrary.org'],
    baseUrl: config.openLibraryBaseUrl,
    ...interactive,
  });
  // Open Library's cover server redirects to the Internet Archive's numbered hosts.
  const openLibraryCovers = createHttpClient({
    name: 'open-library-covers',
    hosts: ['covers.openlibrary.org', 'archive.org', '*.archive.org'],
    baseUrl: config.openLibraryCoversBaseUrl,
    ...interactive,
  });
  const googleBooks = createHttpClient({
    name: 'google-books',
    hosts: ['www.googleapis.com', 'books.google.com'],
    baseUrl: config.googleBooksBaseUrl,
    ...interactive,
  });
  const covers = createCoverStore(storage);
  const inFlight = new Map<string, Promise<IsbnLookup | undefined>>();

  async function cached(isbn: string): Promise<{ result: IsbnLookup | null } | undefined> {
    const [row] = await db.select().from(isbnLookups).where(eq(isbnLookups.isbn, isbn));
    if (!row) return undefined;
    const age = now().getTime() - row.fetchedAt.getTime();
    return age < (row.result ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) ? { result: row.result } : undefined;
  }

  async function remember(isbn: string, result: IsbnLookup | null) {
    const fetchedAt = now();
    await db
      .insert(isbnLookups)
      .values({ isbn, result, fetchedAt })
      .onConflictDoUpdate({ target: isbnLookups.isbn, set: { result, fetchedAt } });
  }

  /** A cover is a nicety: any failure to get one is logged and the lookup goes on without it. */
  async function fetchCover(client: HttpClient, url: string, source: FoundCover['source']) {
    try {
      const answer = await client.request(url, { maxBytes: COVER_MAX_BYTES, timeoutMs: 8_000, retry: false });
      return await covers.keep(answer.body, source);
    } catch (err) {
      log.info({ err, source }, 'a cover could not be fetched');
      return undefined;
    }
  }

  async function ask(isbn: string): Promise<IsbnLookup | undefined> {
    const [ol, gb] = await Promise.allSettled([
      askOpenLibrary(openLibrary, isbn),
      askGoogleBooks(googleBooks, isbn, config.googleBooksApiKey),
    ]);
    for (const [name, outcome] of [
      ['Open Library', ol],
      ['Google Books', gb],
    ] as const) {
      if (outcome.status === 'rejected') log.warn({ err: outcome.reason, isbn }, `${name} lookup failed`);
    }
    const fromOpenLibrary = value(ol);
    const fromGoogleBooks = value(gb);
    if (!fromOpenLibrary && !fromGoogleBooks) {
      if (ol.status === 'rejected' || gb.status === 'rejected') throw new BookServicesUnavailable();
      await remember(isbn, null);
      return undefined;
    }
    const found = await Promise.all([
      fetchCover(openLibraryCovers, openLibraryCoverUrl(openLibraryCovers, isbn), 'Open Library'),
      fromGoogleBooks?.volumeId
        ? fetchCover(googleBooks, googleBooksCoverUrl(googleBooks, fromGoogleBooks.volumeId), 'Google Books')
        : undefined,
    ]);
    const result = mergeFacts(
      isbn,
      { openLibrary: fromOpenLibrary, googleBooks: fromGoogleBooks },
      found.filter((c): c is FoundCover => c !== undefined),
    );
    // Kept only when both services answered: a half answer is asked again next time.
    if (result && ol.status === 'fulfilled' && gb.status === 'fulfilled') await remember(isbn, result);
    return result;
  }

  return {
    /** The cached answer for an ISBN-13 without asking anyone; undefined when there is none yet. */
    cached,

    /**
     * The book behind an ISBN-13 (undefined: no service knows it), from the cache or from the services.
     * `beforeAsking` runs only when the services are to be asked (a rate limit). Throws BookServicesUnavailable.
     */
    async find(isbn: string, beforeAsking?: () => Promise<void>): Promise<IsbnLookup | undefined> {
      const hit = await cached(isbn);
      if (hit) return hit.result ?? undefined;
      await beforeAsking?.();
      let pending = inFlight.get(isbn);
      if (!pending) {
        pending = ask(isbn).finally(() => inFlight.delete(isbn));
        inFlight.set(isbn, pending);
      }
      return pending;
    },

    readCover: covers.read,

    close: async () => {
      await Promise.all([openLibrary.close(), openLibraryCovers.close(), googleBooks.close()]);
    },
  };
}

export type BookMetadata = ReturnType<typeof createBookMetadata>;
