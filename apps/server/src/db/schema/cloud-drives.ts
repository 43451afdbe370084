import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { users } from './users.js';

/**
 * A source of book files (issue 14): a Google Drive or OneDrive account a reader connected, the server's
 * LIBRARY_DIR folder (provider `local`, `user_id` null: one row for the instance) or a reader's own uploads
 * (provider `uploads`, one per reader). Its sync state lives here too, so a restarted sync resumes from it.
 */
export const driveConnections = pgTable(
  'drive_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner; null only for the instance's library folder. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountName: text('account_name').notNull(),
    accountEmail: text('account_email'),
    /** The provider's id of the account (Google `sub`, Graph user id): a reconnect updates, never duplicates. */
    externalAccountId: text('external_account_id'),
    isActive: boolean('is_active').notNull().default(true),
    /** AES-256-GCM with ENCRYPTION_KEY (platform/secret-box.ts); never sent to a browser. */
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    // Sync configuration (core.md §3 "Sync config").
    syncEnabled: boolean('sync_enabled').notNull().default(true),
    syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(30),
    syncMaxRetries: integer('sync_max_retries').notNull().default(3),
    syncBatchSize: integer('sync_batch_size').notNull().default(100),
    syncIncremental: boolean('sync_incremental').notNull().default(true),
    // Sync state (core.md §3 "Sync status per connection").
    syncState: text('sync_state').notNull().default('idle'),
    syncPhase: text('sync_phase'),
    syncCurrent: integer('sync_current').notNull().default(0),
    syncTotal: integer('sync_total').notNull().default(0),
    filesAdded: integer('files_added').notNull().default(0),
    filesUpdated: integer('files_updated').notNull().default(0),
    filesRemoved: integer('files_removed').notNull().default(0),
    syncError: text('sync_error'),
    syncJobId: uuid('sync_job_id'),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** The provider's change cursor (Drive changes page token, Graph delta link) after a finished sync. */
    syncCursor: text('sync_cursor'),
    /** Where a full listing stopped (the next page to ask for): a sync cut off by a restart goes on from it. */
    syncPageToken: text('sync_page_token'),
    /** Counts full listings: files a finished listing did not see (an older generation) were removed. */
    syncGeneration: integer('sync_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('drive_connections_user_idx').on(t.userId),
    uniqueIndex('drive_connections_account_key')
      .on(t.userId, t.provider, t.externalAccountId)
      .where(sql`${t.externalAccountId} is not null`),
    /** One uploads connection per reader, one library folder per instance. */
    uniqueIndex('drive_connections_uploads_key')
      .on(t.userId)
      .where(sql`${t.provider} = 'uploads'`),
    uniqueIndex('drive_connections_local_key')
      .on(t.provider)
      .where(sql`${t.provider} = 'local'`),
    index('drive_connections_next_sync_idx').on(t.nextSyncAt),
  ],
);

export type DriveConnectionRow = typeof driveConnections.$inferSelect;

/**
 * A file a source holds: a listed cloud file, a file under LIBRARY_DIR, or an upload kept in the storage seam.
 * The id carries the provider (core.md §3, `google_<uuid>`); (connection, external id) is the natural key
 * every sync writes under, so running one twice never duplicates a file.
 */
export const driveFiles = pgTable(
  'drive_files',
  {
    id: text('id').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => driveConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    fileType: text('file_type').notNull(),
    mimeType: text('mime_type'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull(),
    /** Whether the provider has a thumbnail (served through our own thumbnail path). */
    hasThumbnail: boolean('has_thumbnail').notNull().default(false),
    /**
     * The cover thumbnail we made of the file (thumbnails/thumbnail-job.ts): the SHA-256 of its WebP bytes,
     * stored as `drive-thumbnails/{hash}.webp`; null when none was made (yet, or the file has no cover).
     */
    thumbnailHash: text('thumbnail_hash'),
    /** The file version (thumbnailSource) the last attempt looked at: a file is looked at once per version. */
    thumbnailOf: text('thumbnail_of'),
    /** The folder path it sits in ("Books/Science fiction"); null at the root. */
    parentFolder: text('parent_folder'),
    /** Uploads: the blob's key in the storage seam. Local: the path under LIBRARY_DIR is the external id. */
    storageKey: text('storage_key'),
    /** The provider's version marker (md5, eTag, mtime+size): a changed one counts as updated. */
    version: text('version'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    syncGeneration: integer('sync_generation').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('drive_files_external_key').on(t.connectionId, t.externalId),
    index('drive_files_connection_idx').on(t.connectionId, t.isDeleted),
  ],
);

export type DriveFileRow = typeof driveFiles.$inferSelect;

/**
 * A reader's own marks on a file: favourite and tags. Kept apart from the file so a shared library folder's
 * files carry each reader's marks (issue 14: favourites, tags and progress stay per reader).
 */
export const driveFileMarks = pgTable(
  'drive_file_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => driveFiles.id, { onDelete: 'cascade' }),
    isFavorite: boolean('is_favorite').notNull().default(false),
    tags: text('tags').array().notNull().default([]),
    /** The library book this reader linked the file to (issue 15); the book going unlinks it. */
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.fileId] }),
    index('drive_file_marks_file_idx').on(t.fileId),
    index('drive_file_marks_book_idx').on(t.bookId),
  ],
);

export type DriveFileMarksRow = typeof driveFileMarks.$inferSelect;

/**
 * A connect flow under way: the state and PKCE verifier a popup's return is checked against, bound to the
 * reader who started it, short-lived and used once.
 */
export const driveConnectAttempts = pgTable(
  'drive_connect_attempts',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('drive_connect_attempts_expiry_idx').on(t.expiresAt)],
);
