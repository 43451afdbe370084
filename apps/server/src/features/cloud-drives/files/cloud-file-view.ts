import { CloudDrivePaths, type CloudFile, type DriveFileType, type DriveProvider } from '@bookshelf/contract';
import type { ListedFileRow } from './files.repository.js';

const pathOf = (template: string, id: string) => template.replace('{id}', encodeURIComponent(id));
export const contentUrl = (id: string) => pathOf(CloudDrivePaths.content, id);
export const thumbnailUrl = (id: string) => pathOf(CloudDrivePaths.thumbnail, id);

/**
 * A file as the API answers it (core.md §3 "Cloud file"). Its thumbnail and download addresses are this
 * server's own paths, never a provider's: the browser never holds a provider link or token.
 */
export function toCloudFile(row: ListedFileRow): CloudFile {
  return {
    id: row.id,
    connectionId: row.connectionId,
    externalId: row.externalId,
    name: row.name,
    fileType: row.fileType as DriveFileType,
    size: row.size,
    modifiedAt: row.modifiedAt.toISOString(),
    thumbnailUrl: row.hasThumbnail ? thumbnailUrl(row.id) : null,
    downloadUrl: contentUrl(row.id),
    parentFolder: row.parentFolder,
    isDeleted: false,
    syncedAt: row.syncedAt.toISOString(),
    driveName: row.driveName,
    provider: row.provider as DriveProvider,
    isFavorite: row.isFavorite ?? false,
    tags: row.tags ?? [],
    bookId: row.bookId ?? null,
  };
}
