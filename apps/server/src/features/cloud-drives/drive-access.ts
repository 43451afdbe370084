import { CloudDriveMessages } from '@bookshelf/contract';
import type { Access, AccessPolicy } from '../../platform/access/access.js';
import type { AdminsPort } from '../../platform/access/admins.js';
import type { Resource } from '../../platform/access/rules.js';

/** What the rules need of a connection row. */
export interface ConnectionRef {
  userId: string | null;
  provider: string;
}

/** The library folder belongs to no reader; in the rules' terms it is owned by the instance. */
const INSTANCE = 'instance';

/**
 * Who may see or touch a drive connection and its files, through the one access module (decision 019): a
 * reader's own connections are theirs alone; the LIBRARY_DIR folder is seen by the instance's administrators,
 * or by every signed-in reader when LIBRARY_DIR_SHARED is on, and changed (renamed, disconnected) by nobody.
 * A connection the caller may not see answers 404 "Connection not found" like a missing one.
 */
export function createDriveAccess({
  access,
  admins,
  libraryDirShared,
}: {
  access: Access;
  admins: AdminsPort;
  libraryDirShared: boolean;
}) {
  const policy = (viewerId: string, viewerSeesLibrary: boolean): AccessPolicy<ConnectionRef> => ({
    notFound: CloudDriveMessages.connectionNotFound,
    resource(row): Resource {
      if (row.userId !== null) return { ownerId: row.userId, visibility: 'private' };
      // The folder: public to whoever may use it, so `see` passes and `change` (owner or editors only) never does.
      return { ownerId: INSTANCE, visibility: viewerSeesLibrary && viewerId !== INSTANCE ? 'public' : 'private' };
    },
  });

  /** Whether this reader is offered the library folder. */
  const seesLibrary = async (userId: string) => libraryDirShared || (await admins.isAdmin(userId));

  return {
    seesLibrary,
    /** The connection when the reader may see it (their own, or the folder they are offered); else 404. */
    async requireVisible<T extends ConnectionRef>(userId: string, row: T | undefined): Promise<T> {
      const library = row?.userId === null && (await seesLibrary(userId));
      return access.requireVisible({ userId }, row, policy(userId, library));
    },
    /** The connection when the reader may change it: only their own. The folder answers 403, a stranger's 404. */
    async requireOwn<T extends ConnectionRef>(userId: string, row: T | undefined): Promise<T> {
      const library = row?.userId === null && (await seesLibrary(userId));
      return access.requireChangeable({ userId }, row, policy(userId, library));
    },
  };
}

export type DriveAccess = ReturnType<typeof createDriveAccess>;
