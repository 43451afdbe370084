import { CloudDrivePaths, type CloudFile, type DriveFileType, type DriveProvider } from '@bookshelf/contract';
import type { ListedFileRow } from './files.repository.js';

const pathOf = (template: string, id: string) => template.replace('{id}', encodeURIComponent(id));
export const contentUrl = (id: string) => pathOf(CloudDrivePaths.content, id);
export const thumbnailUrl = (id: string) => pathOf(CloudDrivePaths.thumbnail, id);
/** Enough of the thumbnail's hash that a new one is a new address: the old one may be cached for ever. */
export const THUMBNAIL_VERSION_LENGTH = 16;

/** Our own cover thumbnail first (its hash in the address), else the provider's preview, else none. */
function thumbnailOf(row: ListedFileRow): string | null {
  if (row.thumbnailHash) return `${thumbnailUrl(row.id)}?v=${row.thumbnailHash.slice(0, THUMBNAIL_VERSION_LENGTH)}`;
  return row.hasThumbnail ? thumbnailUrl(row.id) : null;
}

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
    thumbnailUrl: thumbnailOf(row),
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
