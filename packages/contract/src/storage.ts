import { z } from 'zod/mini';
import { fileSizeLabel } from './cloud-drive-rules.js';

/**
 * Each reader's storage space (issue 27: one reader stored 320 MB in 2 s and could fill DATA_DIR). It counts
 * what the server keeps of theirs: uploaded book files and photos of their books.
 */
export const StoragePaths = { usage: '/api/storage/usage' } as const;

export const StorageUsageSchema = z.object({
  usedBytes: z.number(),
  /** STORAGE_QUOTA_BYTES; null when the instance sets no limit. */
  quotaBytes: z.nullable(z.number()),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

export const StorageMessages = {
  diskFull: 'There is no room left on the server to store this. Try again later.',
  quotaExceeded: (left: number) =>
    `This would go over your storage space: ${fileSizeLabel(Math.max(0, left))} left. Remove uploads or photos to make room.`,
  usage: ({ usedBytes, quotaBytes }: StorageUsage) =>
    quotaBytes === null
      ? `${fileSizeLabel(usedBytes)} used`
      : `${fileSizeLabel(usedBytes)} of ${fileSizeLabel(quotaBytes)} used`,
} as const;

/** How full the space is, 0 to 1; null without a limit. */
export const storageFraction = ({ usedBytes, quotaBytes }: StorageUsage): number | null =>
  quotaBytes === null ? null : quotaBytes === 0 ? 1 : Math.min(1, usedBytes / quotaBytes);
