import type { SessionProvider } from '@bookshelf/contract';
import { createLruCache } from '../../platform/caching/lru-cache.js';

/** What a request needs of a session row, kept between requests. */
export interface CachedSession {
  userId: string;
  provider: SessionProvider;
  expiresAt: Date;
  lastSeenAt: Date;
  persistent: boolean;
}

/** What a request needs of an API token row. */
export interface CachedToken {
  id: string;
  userId: string;
  lastUsedAt: Date | null;
}

export interface CredentialCacheOptions {
  /** Credentials kept at most per kind (the least recently used go first). */
  max?: number;
  /** Age after which a credential is read again even if no revocation was heard of. */
  ttlMs?: number;
}

/**
 * Sessions and API tokens by key (the secret's hash), so that a request costs no database round trip to
 * authenticate (docs/decisions/025-credential-cache.md). Revocation stays immediate: this instance forgets a
 * user's credentials synchronously after the commit that ended them, other instances when the live-events
 * channel tells them (milliseconds later); the age limit only bounds the harm of a notice lost with the
 * listening connection, which is itself followed by forgetting everything.
 */
export function createCredentialCache({ max = 10_000, ttlMs = 10_000 }: CredentialCacheOptions = {}) {
  const sessions = createLruCache<string, CachedSession>({ max, ttlMs });
  const tokens = createLruCache<string, CachedToken>({ max, ttlMs });
  return {
    sessions,
    tokens,
    /** Forgets the user's credentials, or everyone's. */
    forget(userId?: string) {
      if (userId === undefined) {
        sessions.clear();
        tokens.clear();
        return;
      }
      sessions.deleteWhere((session) => session.userId === userId);
      tokens.deleteWhere((token) => token.userId === userId);
    },
  };
}

export type CredentialCache = ReturnType<typeof createCredentialCache>;
