import { ErrorCode, LookupMessages, normalizeIsbn, type FoundCover, type IsbnLookup } from '@bookshelf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { isbnLookups } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { HttpClient } from '../../platform/outbound-http/client.js';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.js';
import type { BookFacts } from './book-facts.js';
import type { CoverStore } from './cover-store.js';
import { askGoogleBooks, googleBooksCoverUrl } from './google-books.js';
import { mergeFacts } from './merge.js';
import { askOpenLibrary, openLibraryCoverUrl } from './open-library.js';

const DAY_MS = 86_400_000;
/** A found book is asked about again after a month (covers and editions get added); an unknown ISBN after a day. */
const FOUND_TTL_MS = 30 * DAY_MS;
const NOT_FOUND_TTL_MS = DAY_MS;
/** Lookups that reach the services, per reader; answers from the cache are not counted. */
export const LOOKUPS_PER_MINUTE: RateLimitRule = { service: 'ISBN lookup', limit: 30, window: 'minute' };
const COVER_MAX_BYTES = 5 * 1024 * 1024;

export interface BookServices {
  openLibrary: HttpClient;
  openLibraryCovers: HttpClient;
  googleBooks: HttpClient;
  googleBooksApiKey?: string | undefined;
}

export interface LookupServiceDeps {
  db: Database;
  services: BookServices;
  covers: CoverStore;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  now: () => Date;
}

type Outcome = PromiseSettledResult<BookFacts | undefined>;
const value = (outcome: Outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined);

/**
 * ISBN lookup (issue 12): Open Library and Google Books asked side by side, merged, their covers checked and
 * stored, the answer kept for every reader. Lookups of one ISBN already under way are joined, not repeated.
 */
export function createLookupService({ db, services, covers, limiter, log, now }: LookupServiceDeps) {
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
      askOpenLibrary(services.openLibrary, isbn),
      askGoogleBooks(services.googleBooks, isbn, services.googleBooksApiKey),
    ]);
    for (const [name, outcome] of [
      ['Open Library', ol],
      ['Google Books', gb],
    ] as const) {
      if (outcome.status === 'rejected') log.warn({ err: outcome.reason, isbn }, `${name} lookup failed`);
    }
    const openLibrary = value(ol);
    const googleBooks = value(gb);
    if (!openLibrary && !googleBooks) {
      if (ol.status === 'rejected' || gb.status === 'rejected') {
        throw new AppError(502, 'UPSTREAM_FAILED', LookupMessages.unavailable);
      }
      await remember(isbn, null);
      return undefined;
    }
    const found = await Promise.all([
      fetchCover(services.openLibraryCovers, openLibraryCoverUrl(services.openLibraryCovers, isbn), 'Open Library'),
      googleBooks?.volumeId
        ? fetchCover(
            services.googleBooks,
            googleBooksCoverUrl(services.googleBooks, googleBooks.volumeId),
            'Google Books',
          )
        : undefined,
    ]);
    const result = mergeFacts(
      isbn,
      { openLibrary, googleBooks },
      found.filter((c): c is FoundCover => c !== undefined),
    );
    // Kept only when both services answered: a half answer is asked again next time.
    if (result && ol.status === 'fulfilled' && gb.status === 'fulfilled') await remember(isbn, result);
    return result;
  }

  return {
    /** The book behind an ISBN-10 or ISBN-13; 404 when no service knows it, 502 when none could be asked. */
    async lookup(userId: string, raw: string): Promise<IsbnLookup> {
      const isbn = normalizeIsbn(raw);
      if (!isbn) throw new AppError(400, ErrorCode.validation, 'ISBN must be a valid ISBN-10 or ISBN-13.');
      const hit = await cached(isbn);
      let result = hit?.result ?? undefined;
      if (!hit) {
        await limiter.hit(`lookup:user:${userId}`, LOOKUPS_PER_MINUTE);
        let pending = inFlight.get(isbn);
        if (!pending) {
          pending = ask(isbn).finally(() => inFlight.delete(isbn));
          inFlight.set(isbn, pending);
        }
        result = await pending;
      }
      if (!result) throw new AppError(404, ErrorCode.notFound, LookupMessages.notFound);
      return result;
    },

    readCover: covers.read,
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
