/*
 * The cloud drives' response schemas, loaded by the fetchers on the first answer (development and tests), so
 * zod stays out of the page's first download.
 */
export {
  CloudConnectionListSchema,
  CloudConnectionSchema,
  CloudFileListSchema,
  CloudProvidersSchema,
  CountResultSchema,
  FileMarksSchema,
  RemoveConnectionResultSchema,
  StorageUsageSchema,
  SyncConfigSchema,
  SyncStatusListSchema,
  SyncStatusSchema,
  UploadResultSchema,
} from '@bookshelf/contract';
