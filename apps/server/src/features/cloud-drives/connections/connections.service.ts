import {
  CloudDriveMessages,
  ErrorCode,
  isCloudProvider,
  type CloudConnection,
  type CloudProvidersInfo,
  type RemoveConnectionResult,
  type UpdateConnectionRequest,
} from '@bookshelf/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { createJobsRepository } from '../../../platform/jobs/job-store.js';
import type { CloudDrivesParts } from '../cloud-drives.parts.js';
import { isBuiltIn, toCloudConnection } from './connection-view.js';
import type { ConnectionsRepository } from './connections.repository.js';
import type { DriveTokens } from './tokens.js';

const notALocalChange = () => new AppError(400, ErrorCode.validation, CloudDriveMessages.notALocalChange);

/**
 * A reader's connections (core.md §2 "Cloud Drives screen", §7): the list with health and file counts, and
 * rename, (de)activate, refresh and remove on their own cloud connections. Everything goes through
 * driveAccess: another reader's connection answers 404 "Connection not found" like a missing one.
 */
export function createConnectionsService(
  parts: CloudDrivesParts & { tokens: DriveTokens; repo: ConnectionsRepository },
) {
  const { repo, driveAccess, tokens, config, now, log, db } = parts;

  const withLibrary = async (userId: string) =>
    config.libraryDir !== undefined && config.libraryDir !== '' && (await driveAccess.seesLibrary(userId));

  const view = async (id: string): Promise<CloudConnection> => {
    const row = await repo.findWithCount(id);
    if (!row) throw notFound(CloudDriveMessages.connectionNotFound);
    return toCloudConnection(row, now());
  };

  /** The reader's own cloud connection: 404 when hidden or missing, 400 for the folder and uploads. */
  async function ownCloud(userId: string, id: string) {
    const row = await driveAccess.requireVisible(userId, await repo.find(id));
    if (isBuiltIn(row.provider)) throw notALocalChange();
    return driveAccess.requireOwn(userId, row);
  }

  const changed = (userId: string) => parts.publishLive(userId, { type: 'cloud-drives.changed' });

  return {
    async providers(userId: string): Promise<CloudProvidersInfo> {
      return {
        google: tokens.oauth.configured('google'),
        onedrive: tokens.oauth.configured('onedrive'),
        local: await withLibrary(userId),
        uploadMaxBytes: config.uploadMaxBytes ?? 0,
      };
    },

    async list(userId: string): Promise<CloudConnection[]> {
      const rows = await repo.listFor(userId, await withLibrary(userId));
      const at = now();
      return rows.map((row) => toCloudConnection(row, at));
    },

    async update(userId: string, id: string, patch: UpdateConnectionRequest): Promise<CloudConnection> {
      await ownCloud(userId, id);
      const changes = {
        ...(patch.accountName !== undefined ? { accountName: patch.accountName } : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await repo.update(id, changes, now());
        await changed(userId);
      }
      return view(id);
    },

    /** Refreshes the token now, whether or not it is due. */
    async refresh(userId: string, id: string): Promise<CloudConnection> {
      const row = await driveAccess.requireVisible(userId, await repo.find(id));
      // The folder and uploads have no token: there is nothing to refresh, and nothing wrong.
      if (!isCloudProvider(row.provider)) return view(id);
      await driveAccess.requireOwn(userId, row);
      await tokens.refresh(id);
      return view(id);
    },

    /**
     * Revokes the grant at the provider, then removes the connection with its files, also when revoking
     * failed (core.md §8: "Connection removed locally"). A running sync of it is cancelled.
     */
    async remove(userId: string, id: string): Promise<RemoveConnectionResult> {
      const row = await ownCloud(userId, id);
      const provider = isCloudProvider(row.provider) ? tokens.oauth.get(row.provider) : undefined;
      const sealed = row.refreshTokenEnc ?? row.accessTokenEnc;
      let revoked = true;
      if (provider?.spec.revokeUrl && sealed) {
        let token: string | null = null;
        try {
          token = parts.secretBox.open(sealed);
        } catch (err) {
          log.warn({ err, connectionId: id }, 'a drive token could not be opened to revoke it');
        }
        revoked = token !== null && (await provider.revoke(token));
      } else if (!provider && isCloudProvider(row.provider) && sealed) {
        // Its client is no longer configured: the grant cannot be revoked from here.
        revoked = false;
      }
      if (row.syncJobId) await createJobsRepository(db).cancel(row.syncJobId);
      await repo.delete(id);
      await changed(userId);
      return { revoked };
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
