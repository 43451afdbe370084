import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import { createDiskStore } from './disk-store.js';
import { createS3Store, type S3StorageConfig } from './s3-store.js';

/** The one place that picks the driver: S3 when S3_* is configured, else files under DATA_DIR/blobs. */
export function createStorage(config: { dataDir: string; s3: S3StorageConfig | undefined }): BlobStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(path.join(config.dataDir, 'blobs'));
}
