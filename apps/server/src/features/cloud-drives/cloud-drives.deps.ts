import type { LiveEvent } from '@bookshelf/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Access } from '../../platform/access/access.js';
import type { AdminsPort } from '../../platform/access/admins.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { StorageQuota } from '../../platform/storage/storage-quota.js';

/** One OAuth client of a drive provider, with the base-URL overrides of its endpoints (DESIGN.md). */
export interface DriveOAuthClient {
  clientId: string;
  clientSecret: string;
  /** GOOGLE_OAUTH_BASE_URL / MICROSOFT_LOGIN_BASE_URL: replaces scheme and host of the auth endpoints. */
  authBaseUrl?: string | undefined;
  /** GOOGLE_API_BASE_URL / MICROSOFT_GRAPH_BASE_URL: replaces scheme and host of the API endpoints. */
  apiBaseUrl?: string | undefined;
}

/** Everything issue 14 reads from configuration (config.ts, README's table). */
export interface CloudDrivesConfig {
  /** Google Drive: the sign-in client's id and secret (GOOGLE_CLIENT_ID/_SECRET); none: not offered. */
  google?: DriveOAuthClient | undefined;
  /** OneDrive: MICROSOFT_CLIENT_ID/_SECRET; none: not offered. */
  microsoft?: DriveOAuthClient | undefined;
  /** LIBRARY_DIR: a server folder of book files offered as the built-in `local` connection. */
  libraryDir?: string | undefined;
  /** LIBRARY_DIR_SHARED: every reader sees the folder, not only the instance's administrators. */
  libraryDirShared?: boolean;
  /** UPLOAD_MAX_BYTES: the largest book file one upload may be (200 MB). */
  uploadMaxBytes?: number;
  /** 32 bytes (ENCRYPTION_KEY, or generated into DATA_DIR): drive tokens are encrypted with it at rest. */
  encryptionKey: Buffer;
  /**
   * PUBLIC_URL: OAuth redirect URIs are `${publicUrl}/oauth/callback/{provider}`; without it, the origin the
   * request came in on (the popup must return to the origin of the page that opened it).
   */
  publicUrl?: string | undefined;
  /** Tests only: provider hosts may be private addresses (fakes on 127.0.0.1). */
  allowPrivateAddresses?: boolean;
  /** Watch LIBRARY_DIR for changes (main.ts: on; tests that sync by hand: off). */
  watchLibraryDir?: boolean;
}

export interface CloudDrivesDeps {
  db: Database;
  access: Access;
  admins: AdminsPort;
  storage: BlobStore;
  config: CloudDrivesConfig;
  /** Pushes an event to one reader's open pages (GET /api/events). */
  publishLive: (userId: string, event: LiveEvent, tx?: Database) => Promise<void>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Tells the job runner a job was queued, so a sync asked for starts at once rather than at its next poll. */
  wakeJobs?: () => void;
  /**
   * The books feature's word on a book (app.ts passes it; features do not import each other): resolves when the
   * book is the reader's own, else throws its 404. Without it no file can be linked to a book.
   */
  requireOwnBook?: (userId: string, bookId: string) => Promise<void>;
  /** Each reader's storage space (STORAGE_QUOTA_BYTES), shared with the books' photos; none: no limit. */
  quota?: StorageQuota;
}
