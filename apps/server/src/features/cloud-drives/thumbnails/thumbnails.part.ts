import type { CloudDrivesParts, ConnectionTokens, DrivePart } from '../cloud-drives.parts.js';
import { createThumbnailJob } from './thumbnail-job.js';

/**
 * Cover thumbnails of book files (issue 27): the job a sync or an upload queues (queueThumbnails). They are
 * served by the content routes, through the same access check as the file.
 */
export function thumbnailsPart(parts: CloudDrivesParts & { tokens: ConnectionTokens }): DrivePart {
  return { routes: [], jobs: [createThumbnailJob(parts)], schedules: [] };
}
