import { z } from 'zod/mini';
import {
  CLOUD_PROVIDERS,
  CloudDriveLimits,
  CloudDriveMessages,
  DRIVE_FILE_TYPES,
  DRIVE_PROVIDERS,
  SYNC_INTERVALS,
  SYNC_STATES,
} from './cloud-drive-rules.js';
import { dateInput, textInput } from './wire-values.js';

/**
 * Cloud drives on the wire (core.md §3, §7; issue 14). Tokens never appear here: they stay encrypted on the
 * server (SECURITY.md). Constants, paths and messages live in cloud-drive-rules.ts.
 */

export const CloudProviderSchema = z.enum(CLOUD_PROVIDERS);
export const DriveProviderSchema = z.enum(DRIVE_PROVIDERS);
export const DriveFileTypeSchema = z.enum(DRIVE_FILE_TYPES);

export const ConnectionHealthSchema = z.enum(['disconnected', 'expiring', 'connected']);

/** core.md §3 "Cloud drive connection", without accessToken; with its health and file count. */
export const CloudConnectionSchema = z.object({
  id: z.string(),
  provider: DriveProviderSchema,
  accountName: z.string(),
  accountEmail: z.nullable(z.string()),
  isActive: z.boolean(),
  lastSyncAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the access token expires (cloud providers only). */
  tokenExpiresAt: z.nullable(z.string()),
  health: ConnectionHealthSchema,
  fileCount: z.number(),
  /** The library folder or uploads: cannot be renamed or disconnected. */
  builtIn: z.boolean(),
});
export type CloudConnection = z.infer<typeof CloudConnectionSchema>;

export const CloudConnectionListSchema = z.array(CloudConnectionSchema);

/** Which providers this server can connect (a client id is configured), and whether uploads and the folder exist. */
export const CloudProvidersSchema = z.object({
  google: z.boolean(),
  onedrive: z.boolean(),
  local: z.boolean(),
  uploadMaxBytes: z.number(),
});
export type CloudProvidersInfo = z.infer<typeof CloudProvidersSchema>;

export const UpdateConnectionRequestSchema = z.object({
  accountName: z.optional(
    textInput('Account name must be text.').check(
      z.trim(),
      z.minLength(1, 'Account name is required.'),
      z.maxLength(CloudDriveLimits.accountNameMaxLength, 'Account name is too long.'),
    ),
  ),
  isActive: z.optional(z.boolean('isActive must be true or false.')),
});
export type UpdateConnectionRequest = z.infer<typeof UpdateConnectionRequestSchema>;

export const ConnectionIdParamsSchema = z.object({ connectionId: z.uuid('Must be a UUID.') });
export const ProviderParamsSchema = z.object({
  provider: z.enum(CLOUD_PROVIDERS, CloudDriveMessages.unsupportedProvider('that')),
});

/** What the popup posted to the app (OAUTH_SUCCESS), handed to the server to finish connecting. */
export const ConnectCallbackRequestSchema = z.object({
  code: textInput('code is required.').check(
    z.minLength(1, 'code is required.'),
    z.maxLength(4096, 'code is too long.'),
  ),
  state: textInput('state is required.').check(
    z.minLength(1, 'state is required.'),
    z.maxLength(512, 'state is too long.'),
  ),
});
export type ConnectCallbackRequest = z.infer<typeof ConnectCallbackRequestSchema>;

/** The answer to removing a connection: whether the provider confirmed it revoked access (core.md §8). */
export const RemoveConnectionResultSchema = z.object({ revoked: z.boolean() });
export type RemoveConnectionResult = z.infer<typeof RemoveConnectionResultSchema>;

export const SyncProgressSchema = z.object({
  current: z.number(),
  total: z.number(),
  phase: z.nullable(z.string()),
});

/** core.md §3 "Sync status per connection". */
export const SyncStatusSchema = z.object({
  connectionId: z.string(),
  status: z.enum(SYNC_STATES),
  lastSyncAt: z.nullable(z.string()),
  nextSyncAt: z.nullable(z.string()),
  progress: SyncProgressSchema,
  filesAdded: z.number(),
  filesUpdated: z.number(),
  filesRemoved: z.number(),
  error: z.nullable(z.string()),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;
export const SyncStatusListSchema = z.array(SyncStatusSchema);

/** core.md §3 "Sync config"; background sync off means manual only. */
export const SyncConfigSchema = z.object({
  enabled: z.boolean(),
  /** One of SYNC_INTERVALS. */
  intervalMinutes: z.number(),
  maxRetries: z.number(),
  batchSize: z.number(),
  incrementalSync: z.boolean(),
});
export type SyncConfig = z.infer<typeof SyncConfigSchema>;

export const UpdateSyncConfigRequestSchema = z.object({
  enabled: z.optional(z.boolean('enabled must be true or false.')),
  intervalMinutes: z.optional(
    z
      .number('intervalMinutes must be a number.')
      .check(
        z.refine(
          (n) => (SYNC_INTERVALS as readonly number[]).includes(n),
          'intervalMinutes must be 15, 30, 60 or 120.',
        ),
      ),
  ),
  maxRetries: z.optional(
    z
      .int('maxRetries must be a whole number.')
      .check(z.minimum(0, 'maxRetries must be 0 to 10.'), z.maximum(10, 'maxRetries must be 0 to 10.')),
  ),
  batchSize: z.optional(
    z
      .int('batchSize must be a whole number.')
      .check(
        z.minimum(1, `batchSize must be 1 to ${CloudDriveLimits.batchSizeMax}.`),
        z.maximum(CloudDriveLimits.batchSizeMax, `batchSize must be 1 to ${CloudDriveLimits.batchSizeMax}.`),
      ),
  ),
  incrementalSync: z.optional(z.boolean('incrementalSync must be true or false.')),
});
export type UpdateSyncConfigRequest = z.infer<typeof UpdateSyncConfigRequestSchema>;

/** core.md §3 "Cloud file". thumbnailUrl and downloadUrl are this server's own paths, never a provider's. */
export const CloudFileSchema = z.object({
  id: z.string(),
  connectionId: z.string(),
  externalId: z.string(),
  name: z.string(),
  fileType: DriveFileTypeSchema,
  size: z.number(),
  modifiedAt: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  downloadUrl: z.nullable(z.string()),
  parentFolder: z.nullable(z.string()),
  isDeleted: z.boolean(),
  syncedAt: z.string(),
  driveName: z.string(),
  provider: DriveProviderSchema,
  isFavorite: z.boolean(),
  tags: z.array(z.string()),
  /** The library book this reader linked the file to (issue 15), or null. */
  bookId: z.nullable(z.string()),
});
export type CloudFile = z.infer<typeof CloudFileSchema>;
export const CloudFileListSchema = z.array(CloudFileSchema);

export const CloudFilesQuerySchema = z.object({
  search: z.optional(
    textInput('search must be text.').check(z.maxLength(CloudDriveLimits.searchMaxLength, 'search is too long.')),
  ),
  /** Comma-separated connection ids (core.md §7 `connectionId=a,b`). */
  connectionId: z.optional(
    textInput('connectionId must be text.').check(z.maxLength(4000, 'connectionId is too long.')),
  ),
});
export type CloudFilesQuery = z.infer<typeof CloudFilesQuerySchema>;

export const FileIdParamsSchema = z.object({
  id: textInput('id is required.').check(z.minLength(1, 'id is required.'), z.maxLength(200, 'id is too long.')),
});
export const FileTagParamsSchema = z.object({
  id: FileIdParamsSchema.shape.id,
  tag: textInput('tag is required.').check(z.maxLength(CloudDriveLimits.tagMaxLength * 4, 'tag is too long.')),
});

const tagInput = textInput('tag is required.').check(
  z.trim(),
  z.minLength(1, CloudDriveMessages.blankTag),
  z.maxLength(CloudDriveLimits.tagMaxLength, `Tag must be at most ${CloudDriveLimits.tagMaxLength} characters.`),
);

export const AddTagRequestSchema = z.object({ tag: tagInput });
export type AddTagRequest = z.infer<typeof AddTagRequestSchema>;

const fileIds = z
  .array(FileIdParamsSchema.shape.id, 'fileIds must be a list of file ids.')
  .check(
    z.minLength(1, 'Name at least one file.'),
    z.maxLength(CloudDriveLimits.bulkMax, `At most ${CloudDriveLimits.bulkMax} files at once.`),
  );

export const BulkFilesRequestSchema = z.object({ fileIds });
export type BulkFilesRequest = z.infer<typeof BulkFilesRequestSchema>;
export const BulkTagRequestSchema = z.object({ fileIds, tag: tagInput });
export type BulkTagRequest = z.infer<typeof BulkTagRequestSchema>;

/** How many files a bulk change or batch touched. */
export const CountResultSchema = z.object({ count: z.number() });
export type CountResult = z.infer<typeof CountResultSchema>;

/** A file's row after a favourite or tag change. */
export const FileMarksSchema = z.object({ id: z.string(), isFavorite: z.boolean(), tags: z.array(z.string()) });
export type FileMarks = z.infer<typeof FileMarksSchema>;

/** core.md §7 `POST /api/cloud-drives/files/batch`: file records a client listed itself. */
export const BatchFileSchema = z.object({
  externalId: textInput('externalId is required.').check(
    z.minLength(1, 'externalId is required.'),
    z.maxLength(500, 'externalId is too long.'),
  ),
  name: textInput('name is required.').check(
    z.minLength(1, 'name is required.'),
    z.maxLength(500, 'name is too long.'),
  ),
  fileType: DriveFileTypeSchema,
  size: z.int('size must be a whole number.').check(z.minimum(0, 'size must not be negative.')),
  modifiedAt: dateInput('modifiedAt', 'instant'),
  thumbnailUrl: z.optional(z.nullable(textInput().check(z.maxLength(2000, 'thumbnailUrl is too long.')))),
  downloadUrl: z.optional(z.nullable(textInput().check(z.maxLength(2000, 'downloadUrl is too long.')))),
  parentFolder: z.optional(z.nullable(textInput().check(z.maxLength(1000, 'parentFolder is too long.')))),
});
export const BatchFilesRequestSchema = z.object({
  connectionId: z.uuid('connectionId must be a UUID.'),
  files: z
    .array(BatchFileSchema, 'files must be a list.')
    .check(z.maxLength(CloudDriveLimits.batchFilesMax, `At most ${CloudDriveLimits.batchFilesMax} files at once.`)),
});
export type BatchFilesRequest = z.infer<typeof BatchFilesRequestSchema>;

/** The answer to an upload: the files added to My Uploads, and those refused with why. */
export const UploadResultSchema = z.object({
  files: CloudFileListSchema,
  rejected: z.array(z.object({ name: z.string(), error: z.string() })),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
