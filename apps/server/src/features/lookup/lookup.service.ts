import { ErrorCode, LookupMessages, normalizeIsbn, type IsbnLookup } from '@bookshelf/contract';
import { BookServicesUnavailable, type BookMetadata } from '../../platform/book-metadata/book-metadata.js';
import { AppError } from '../../platform/errors.js';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.js';

/** Lookups that reach the services, per reader; answers from the cache are not counted. */
export const LOOKUPS_PER_MINUTE: RateLimitRule = { service: 'ISBN lookup', limit: 30, window: 'minute' };

/** ISBN lookup (issue 12) for a reader: the shared book metadata, a per-reader limit, and clear failures. */
export function createLookupService({ metadata, limiter }: { metadata: BookMetadata; limiter: RateLimiter }) {
  return {
    /** The book behind an ISBN-10 or ISBN-13; 404 when no service knows it, 502 when none could be asked. */
    async lookup(userId: string, raw: string): Promise<IsbnLookup> {
      const isbn = normalizeIsbn(raw);
      if (!isbn) throw new AppError(400, ErrorCode.validation, 'ISBN must be a valid ISBN-10 or ISBN-13.');
      let result: IsbnLookup | undefined;
      try {
        result = await metadata.find(isbn, () => limiter.hit(`lookup:user:${userId}`, LOOKUPS_PER_MINUTE));
      } catch (error) {
        if (error instanceof BookServicesUnavailable) {
          throw new AppError(502, 'UPSTREAM_FAILED', LookupMessages.unavailable);
        }
        throw error;
      }
      if (!result) throw new AppError(404, ErrorCode.notFound, LookupMessages.notFound);
      return result;
    },

    readCover: metadata.readCover,
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
