import {
  REMEMBERED_SESSION_DAYS,
  SessionProviderSchema,
  type SessionInfo,
  type SessionProvider,
} from '@bookshelf/contract';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import type { Principal } from '../../platform/authentication.js';
import { hashSecret, randomSecret } from '../../platform/secrets.js';
import type { Database } from '../../db/client.js';
import { createCredentialCache, type CachedSession, type CredentialCache } from './credential-cache.js';
import type { SessionsRepository } from './sessions.repository.js';

const DAY_MS = 86_400_000;
/** "Remember me": the cookie and the row live 30 days from the last visit. */
export const PERSISTENT_LIFETIME_MS = REMEMBERED_SESSION_DAYS * DAY_MS;
/** Without it the cookie dies with the browser; the row idles out after a day without a request. */
export const BROWSER_SESSION_IDLE_MS = DAY_MS;
/** Sliding refresh writes at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface OpenSessionInput {
  userId: string;
  persistent: boolean;
  provider: SessionProvider;
  userAgent: string | undefined;
  ip: string | undefined;
}

export interface OpenedSession {
  /** The cookie value: the only place the secret exists. */
  token: string;
  expiresAt: Date;
  persistent: boolean;
}

/** A session is its user's alone: another user's answers 404, like one that does not exist. */
const sessionAccess: AccessPolicy<{ userId: string }> = {
  resource: (session) => ownedPrivately(session.userId),
  notFound: 'Session not found',
};

const lifetime = (persistent: boolean) => (persistent ? PERSISTENT_LIFETIME_MS : BROWSER_SESSION_IDLE_MS);

/** Who a session cookie stands for; `renewed` when a remembered session's cookie should be sent again. */
export interface Resolved {
  principal: Principal;
  renewed?: OpenedSession;
}

/** Tells open live-event streams that some of the user's sessions or tokens ended (platform/live-events). */
export type CredentialsRevoked = (userId: string, tx?: Database) => Promise<void>;

export function createSessionsService(deps: {
  sessions: SessionsRepository;
  access: Access;
  now?: () => Date;
  credentialsRevoked?: CredentialsRevoked;
  /** Sessions already read; its owner (auth.module) makes it forget revoked ones. */
  cache?: CredentialCache;
}) {
  const { sessions, access } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = (deps.cache ?? createCredentialCache()).sessions;
  const read = async (key: string): Promise<CachedSession | undefined> => {
    const row = await sessions.findByKey(key);
    if (!row) return undefined;
    const provider = SessionProviderSchema.safeParse(row.provider);
    return {
      userId: row.userId,
      provider: provider.success ? provider.data : 'unknown',
      expiresAt: row.expiresAt,
      lastSeenAt: row.lastSeenAt,
      persistent: row.persistent,
    };
  };

  /**
   * A cached session that needs no touch is answered without a promise: that is every signed-in request but
   * one a minute (bench/load, decision 041); an expired or stale one costs its write.
   */
  const settle = (
    token: string,
    key: string,
    row: CachedSession | undefined,
  ): Resolved | null | Promise<Resolved | null> => {
    if (!row) return null;
    const current = now();
    if (row.expiresAt <= current) {
      cache.delete(key);
      return sessions.deleteByKey(key).then(() => null);
    }
    const principal: Principal = { userId: row.userId, via: 'session', sessionKey: key, provider: row.provider };
    if (current.getTime() - row.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return { principal };
    return touch(token, key, row, principal, current);
  };

  const touch = async (
    token: string,
    key: string,
    row: CachedSession,
    principal: Principal,
    current: Date,
  ): Promise<Resolved | null> => {
    const expiresAt = new Date(current.getTime() + lifetime(row.persistent));
    // A session that a cached entry still showed may have ended meanwhile on another instance.
    if (!(await sessions.touch(key, current, expiresAt))) {
      cache.delete(key);
      return null;
    }
    cache.update(key, { ...row, lastSeenAt: current, expiresAt });
    return row.persistent ? { principal, renewed: { token, expiresAt, persistent: true } } : { principal };
  };

  return {
    async open(input: OpenSessionInput): Promise<OpenedSession> {
      const token = randomSecret();
      const openedAt = now();
      const expiresAt = new Date(openedAt.getTime() + lifetime(input.persistent));
      await sessions.insert({
        id: hashSecret(token),
        createdAt: openedAt,
        lastSeenAt: openedAt,
        userId: input.userId,
        expiresAt,
        persistent: input.persistent,
        provider: input.provider,
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        ip: input.ip ?? null,
      });
      return { token, expiresAt, persistent: input.persistent };
    },

    /**
     * The session behind a cookie, with its expiry slid forward. `renewed` is set when a remembered
     * session's cookie should be re-sent with the new expiry.
     */
    resolve(token: string): Resolved | null | Promise<Resolved | null> {
      const key = hashSecret(token);
      const row = cache.load(key, () => read(key));
      return row instanceof Promise ? row.then((found) => settle(token, key, found)) : settle(token, key, row);
    },

    async close(sessionKey: string) {
      const userId = await sessions.deleteByKey(sessionKey);
      cache.delete(sessionKey);
      if (userId) await deps.credentialsRevoked?.(userId);
    },

    /** Whether the session still lets its holder in (a live-event stream asks while it stays open). */
    async isActive(sessionKey: string) {
      const row = await sessions.findByKey(sessionKey);
      return row !== undefined && row.expiresAt > now();
    },

    async list(userId: string, currentKey: string | undefined): Promise<SessionInfo[]> {
      const rows = await sessions.findByUser(userId);
      const current = now();
      return rows
        .filter((row) => row.expiresAt > current)
        .map((row) => {
          const provider = SessionProviderSchema.safeParse(row.provider);
          return {
            id: row.publicId,
            createdAt: row.createdAt.toISOString(),
            lastSeenAt: row.lastSeenAt.toISOString(),
            expiresAt: row.expiresAt.toISOString(),
            userAgent: row.userAgent,
            ip: row.ip,
            provider: provider.success ? provider.data : 'unknown',
            persistent: row.persistent,
            current: row.id === currentKey,
          };
        });
    },

    async revoke(userId: string, publicId: string) {
      const session = await access.requireChangeable(
        { userId },
        await sessions.findByPublicId(publicId),
        sessionAccess,
      );
      // Signed out elsewhere meanwhile is still signed out: nothing left to answer 404 about.
      await sessions.deleteByPublicId(session.userId, publicId);
      await deps.credentialsRevoked?.(userId);
    },

    /** Signs out everywhere except the given session (everywhere when it is undefined). */
    async revokeAll(userId: string, keepKey?: string) {
      const count = await sessions.deleteByUser(userId, keepKey);
      await deps.credentialsRevoked?.(userId);
      return count;
    },

    sweepExpired() {
      return sessions.deleteExpired(now());
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
