import type { ApiToken, CreatedApiToken } from '@bookshelf/contract';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import type { Principal } from '../../platform/authentication.js';
import { hashSecret, randomSecret } from '../../platform/secrets.js';
import { createCredentialCache, type CredentialCache } from './credential-cache.js';
import type { ApiTokensRepository } from './sessions.repository.js';
import type { CredentialsRevoked } from './sessions.service.js';

/** Recognisable in logs and secret scanners; the rest is 256 random bits. */
const TOKEN_PREFIX = 'bks_';
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;
/** lastUsedAt is for people ("used 3 days ago"); an hour's precision saves a write per request. */
const MARK_USED_INTERVAL_MS = 3_600_000;

/** A token is its user's alone: another user's answers 404, like one that does not exist. */
const tokenAccess: AccessPolicy<{ userId: string }> = {
  resource: (token) => ownedPrivately(token.userId),
  notFound: 'API token not found',
};

const toApiToken = (row: Awaited<ReturnType<ApiTokensRepository['insert']>>): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export function createApiTokensService(deps: {
  apiTokens: ApiTokensRepository;
  access: Access;
  now?: () => Date;
  credentialsRevoked?: CredentialsRevoked;
  /** Tokens already read; its owner (auth.module) makes it forget revoked ones. */
  cache?: CredentialCache;
}) {
  const { apiTokens, access } = deps;
  const now = deps.now ?? (() => new Date());
  const cache = (deps.cache ?? createCredentialCache()).tokens;

  return {
    async list(userId: string): Promise<ApiToken[]> {
      return (await apiTokens.findByUser(userId)).map(toApiToken);
    },

    async create(userId: string, name: string): Promise<CreatedApiToken> {
      const token = TOKEN_PREFIX + randomSecret();
      const row = await apiTokens.insert({
        userId,
        name,
        tokenHash: hashSecret(token),
        prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      });
      return { ...toApiToken(row), token };
    },

    async revoke(userId: string, id: string) {
      const token = await access.requireChangeable({ userId }, await apiTokens.findById(id), tokenAccess);
      await apiTokens.delete(token.userId, id);
      await deps.credentialsRevoked?.(userId);
    },

    /** Whether the token (by its hash) still works (a live-event stream asks while it stays open). */
    async isActive(tokenHash: string) {
      return (await apiTokens.findByHash(tokenHash)) !== undefined;
    },

    async resolve(token: string): Promise<Principal | null> {
      const hash = hashSecret(token);
      const row = await cache.load(hash, async () => {
        const found = await apiTokens.findByHash(hash);
        return found && { id: found.id, userId: found.userId, lastUsedAt: found.lastUsedAt };
      });
      if (!row) return null;
      const current = now();
      if (!row.lastUsedAt || current.getTime() - row.lastUsedAt.getTime() > MARK_USED_INTERVAL_MS) {
        await apiTokens.markUsed(row.id, current);
        cache.update(hash, { ...row, lastUsedAt: current });
      }
      return { userId: row.userId, via: 'token', provider: 'unknown' };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
