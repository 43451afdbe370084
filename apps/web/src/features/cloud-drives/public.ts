/*
 * What the app (the live-events cache) may use of the cloud drives: query keys and the pure status-list update.
 * Side-effect free and tiny, since it lands in the shell's download: no components, no schemas.
 */
export { cloudDriveKeys } from './api/query-keys';
export { withSyncStatus } from './lib/sync-status-list';
export type {
  CloudDrivesSlots,
  ContentProgress,
  FileContentSource,
  ReaderSlotProps,
  ReaderWarmUp,
  ReadingProgressSlotProps,
} from './lib/reader-slots';
