import { CloudDriveMessages, isCloudProvider, needsRefresh } from '@bookshelf/contract';
import type { DriveConnectionRow } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { findOutboundError } from '../../../platform/outbound-http/errors.js';
import type { CloudDrivesParts, ConnectionTokens } from '../cloud-drives.parts.js';
import { ProviderError } from '../providers/provider.js';
import { createConnectionsRepository, type StoredTokens } from './connections.repository.js';
import { createDriveOAuth, type DriveOAuth, type TokenSet } from './drive-oauth.js';

/** The token store the connections part uses too: refreshing on demand, and the drives' OAuth clients. */
export interface DriveTokens extends ConnectionTokens {
  readonly oauth: DriveOAuth;
  /**
   * Refreshes the connection's tokens and answers its row. One refresh per connection runs at a time in this
   * process; a caller arriving meanwhile shares it. `unless` sees the row as stored when the refresh starts:
   * when it says the tokens are already good (another caller refreshed them), nothing is sent.
   */
  refresh(connectionId: string, unless?: (row: DriveConnectionRow) => boolean): Promise<DriveConnectionRow>;
  close(): Promise<void>;
}

/** A refresh the provider refused (invalid_grant, a revoked or rotated-away token): only a reconnect helps. */
const reconnectRequired = () => new AppError(409, 'RECONNECT_REQUIRED', CloudDriveMessages.tokenRefreshFailed);
/** The provider could not be reached or failed: the same text, but the connection stays as it is. */
const refreshUnavailable = () => new AppError(502, 'UPSTREAM_FAILED', CloudDriveMessages.tokenRefreshFailed);

export function sealTokens(secretBox: CloudDrivesParts['secretBox'], tokens: TokenSet, now: Date): StoredTokens {
  return {
    accessTokenEnc: secretBox.seal(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken === null ? null : secretBox.seal(tokens.refreshToken),
    tokenExpiresAt: tokens.expiresIn === null ? null : new Date(now.getTime() + tokens.expiresIn * 1000),
  };
}

/**
 * Drive tokens (decision 048): sealed at rest, refreshed when they expire within five minutes, and once more
 * when a provider answers 401. A refresh the provider refuses turns the connection inactive (it reads
 * Disconnected and syncs skip it until the reader reconnects) and throws "Token refresh failed. Please
 * reconnect your drive."; the library folder and uploads have no token.
 */
/** Whether a token endpoint refused a refresh token (`{"error": "invalid_grant"}`). */
function isInvalidGrant(error: unknown): boolean {
  const outbound = findOutboundError(error);
  if (outbound?.status !== 400 && outbound?.status !== 401) return false;
  try {
    const body = JSON.parse(outbound.details.bodyText ?? '') as { error?: unknown };
    return body.error === 'invalid_grant';
  } catch {
    return false;
  }
}

export function createConnectionTokens(parts: CloudDrivesParts): DriveTokens {
  const { db, secretBox, now, log } = parts;
  const repo = createConnectionsRepository(db);
  const oauth = createDriveOAuth(parts.config, log);
  const inflight = new Map<string, Promise<DriveConnectionRow>>();

  async function refreshNow(
    connectionId: string,
    unless: ((row: DriveConnectionRow) => boolean) | undefined,
  ): Promise<DriveConnectionRow> {
    const row = await repo.find(connectionId);
    if (!row) throw notFound(CloudDriveMessages.connectionNotFound);
    if (unless?.(row)) return row;
    const provider = isCloudProvider(row.provider) ? oauth.get(row.provider) : undefined;
    const fail = async (err: unknown, definitive: boolean) => {
      log.warn({ err, connectionId, provider: row.provider }, 'drive token refresh failed');
      if (!definitive) return refreshUnavailable();
      await repo.update(connectionId, { isActive: false }, now());
      return reconnectRequired();
    };
    // No client any more (its configuration was removed) or no refresh token: only reconnecting can help.
    if (!provider || !row.refreshTokenEnc) throw await fail(new Error('nothing to refresh with'), true);
    let refreshToken: string;
    try {
      refreshToken = secretBox.open(row.refreshTokenEnc);
    } catch (err) {
      // Sealed with another key (ENCRYPTION_KEY changed): unreadable for good.
      throw await fail(err, true);
    }
    let tokens: TokenSet;
    try {
      tokens = await provider.refresh(refreshToken);
    } catch (err) {
      // Only the provider saying the grant itself is gone (RFC 6749 §5.2 invalid_grant: revoked, expired) needs a
      // reconnect; invalid_client and the like are the server's configuration, which an operator can fix.
      throw await fail(err, isInvalidGrant(err));
    }
    const stored = await repo.storeTokens(connectionId, sealTokens(secretBox, tokens, now()), now());
    if (!stored) throw notFound(CloudDriveMessages.connectionNotFound);
    return stored;
  }

  function refresh(connectionId: string, unless?: (row: DriveConnectionRow) => boolean) {
    const running = inflight.get(connectionId);
    if (running) return running;
    const started = refreshNow(connectionId, unless).finally(() => inflight.delete(connectionId));
    inflight.set(connectionId, started);
    return started;
  }

  /** The access token, or null when it cannot be read (then a refresh replaces it). */
  const open = (sealed: string | null) => {
    if (sealed === null) return null;
    try {
      return secretBox.open(sealed);
    } catch {
      return null;
    }
  };
  const fresh = (row: DriveConnectionRow) =>
    open(row.accessTokenEnc) !== null && !needsRefresh(row.tokenExpiresAt, now());

  return {
    oauth,
    refresh,
    close: () => oauth.close(),
    async withAuth(connectionId, call, signal) {
      let row = await repo.find(connectionId);
      if (!row) throw notFound(CloudDriveMessages.connectionNotFound);
      if (!isCloudProvider(row.provider)) return call({ accessToken: null });
      if (!fresh(row)) row = await refresh(connectionId, fresh);
      const used = row.accessTokenEnc;
      try {
        return await call({ accessToken: open(used) });
      } catch (err) {
        if (!(err instanceof ProviderError) || err.status !== 401) throw err;
        signal?.throwIfAborted();
        // Refused before its time (revoked, or a clock apart): one refresh, unless another caller did one.
        const next = await refresh(connectionId, (r) => r.accessTokenEnc !== used && fresh(r));
        return call({ accessToken: open(next.accessTokenEnc) });
      }
    },
  };
}

/** The refresh-capable store when the module handed the one createConnectionTokens made (it always does). */
export const isDriveTokens = (tokens: ConnectionTokens): tokens is DriveTokens =>
  'refresh' in tokens && 'oauth' in tokens;
