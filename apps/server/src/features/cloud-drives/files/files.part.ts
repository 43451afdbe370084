import type { CloudDrivesParts, ConnectionTokens, DrivePart, SyncControl, VisibleFile } from '../cloud-drives.parts.js';
import { contentRoutes } from './content.routes.js';
import { createContentService } from './content.service.js';
import { filesRoutes } from './files.routes.js';
import { createFilesService } from './files.service.js';
import { uploadsRoutes } from './uploads.routes.js';
import { createUploadsService } from './uploads.service.js';

/**
 * The files API (core.md §7 "Cloud drive files", decision 050): the list with each reader's marks, a client's
 * batch, favourites and tags, the bytes and thumbnails of a file from wherever it is, and uploads.
 */
export function filesPart(
  parts: CloudDrivesParts & { tokens: ConnectionTokens; sync: SyncControl },
): DrivePart & { visibleFile(userId: string, fileId: string): Promise<VisibleFile> } {
  const files = createFilesService(parts);
  const content = createContentService(parts, { files });
  const uploads = createUploadsService(parts, { files: files.files });
  return {
    routes: [filesRoutes({ files }), contentRoutes({ content }), uploadsRoutes({ uploads })],
    jobs: [],
    schedules: [],
    async visibleFile(userId, fileId) {
      const file = await files.requireVisible(await files.viewerOf(userId), fileId);
      return { id: file.id, name: file.name };
    },
  };
}
