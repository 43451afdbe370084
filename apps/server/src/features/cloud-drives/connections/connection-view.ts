import { connectionHealth, isCloudProvider, type CloudConnection, type DriveProvider } from '@bookshelf/contract';
import type { ConnectionWithCount } from './connections.repository.js';

/** The library folder and a reader's uploads: not renamed, disconnected or refreshed. */
export const isBuiltIn = (provider: string) => provider === 'local' || provider === 'uploads';

/** A connection as the API shows it: never a token, with its health and how many files it holds. */
export function toCloudConnection(row: ConnectionWithCount, now: Date): CloudConnection {
  const cloud = isCloudProvider(row.provider);
  const tokenExpiresAt = cloud ? row.tokenExpiresAt : null;
  return {
    id: row.id,
    provider: row.provider as DriveProvider,
    accountName: row.accountName,
    accountEmail: row.accountEmail,
    isActive: row.isActive,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tokenExpiresAt: tokenExpiresAt?.toISOString() ?? null,
    health: connectionHealth(row.isActive, tokenExpiresAt, now),
    fileCount: row.fileCount,
    builtIn: isBuiltIn(row.provider),
  };
}
