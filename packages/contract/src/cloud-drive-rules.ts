/**
 * Cloud drives, the local library folder and uploads (core.md §2 "Cloud Drives screen", §3, §4, §5, §7, §8, §9;
 * issue 14): paths, the supported file types (shared with the reader), constants and messages. Zod-free, so a
 * screen that only needs a constant or a label does not pull the schemas in.
 */

export const CLOUD_PROVIDERS = ['google', 'onedrive'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/** Every source of files: the two cloud providers, the server's LIBRARY_DIR folder and a reader's uploads. */
export const DRIVE_PROVIDERS = ['google', 'onedrive', 'local', 'uploads'] as const;
export type DriveProvider = (typeof DRIVE_PROVIDERS)[number];

export const DRIVE_PROVIDER_LABELS: Record<DriveProvider, string> = {
  google: 'Google Drive',
  onedrive: 'OneDrive',
  local: 'Local',
  uploads: 'My Uploads',
};

export const isCloudProvider = (value: string): value is CloudProvider =>
  (CLOUD_PROVIDERS as readonly string[]).includes(value);

/**
 * The file types a drive lists, in one list with the reader (issue 15). `readable` types open in the built-in
 * reader; a legacy Word .doc is listed but offered as a download only.
 */
export const DRIVE_FILE_TYPES = ['pdf', 'epub', 'mobi', 'azw3', 'fb2', 'cbz', 'txt', 'docx', 'doc'] as const;
export type DriveFileType = (typeof DRIVE_FILE_TYPES)[number];

export interface DriveFileTypeInfo {
  /** The filter label (core.md §2: PDF, EPUB, MOBI, Text). */
  label: string;
  extensions: readonly string[];
  /** What providers call it; the first one is what we answer with. */
  mimeTypes: readonly string[];
  readable: boolean;
}

export const DRIVE_FILE_TYPE_INFO: Record<DriveFileType, DriveFileTypeInfo> = {
  pdf: { label: 'PDF', extensions: ['pdf'], mimeTypes: ['application/pdf'], readable: true },
  epub: { label: 'EPUB', extensions: ['epub'], mimeTypes: ['application/epub+zip'], readable: true },
  mobi: {
    label: 'MOBI',
    extensions: ['mobi', 'prc'],
    mimeTypes: ['application/x-mobipocket-ebook', 'application/vnd.amazon.mobi8-ebook'],
    readable: true,
  },
  azw3: {
    label: 'AZW3',
    extensions: ['azw3', 'azw'],
    mimeTypes: ['application/vnd.amazon.ebook', 'application/x-mobi8-ebook'],
    readable: true,
  },
  fb2: {
    label: 'FB2',
    extensions: ['fb2'],
    mimeTypes: ['application/x-fictionbook+xml', 'text/fb2+xml'],
    readable: true,
  },
  cbz: {
    label: 'CBZ',
    extensions: ['cbz'],
    mimeTypes: ['application/vnd.comicbook+zip', 'application/x-cbz'],
    readable: true,
  },
  txt: { label: 'Text', extensions: ['txt', 'text'], mimeTypes: ['text/plain'], readable: true },
  docx: {
    label: 'DOCX',
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    readable: true,
  },
  doc: { label: 'DOC', extensions: ['doc'], mimeTypes: ['application/msword'], readable: false },
};

/** Every MIME type a drive is asked for (Google's files.list query). */
export const DRIVE_MIME_TYPES: readonly string[] = DRIVE_FILE_TYPES.flatMap((t) => DRIVE_FILE_TYPE_INFO[t].mimeTypes);

const BY_EXTENSION = new Map(DRIVE_FILE_TYPES.flatMap((t) => DRIVE_FILE_TYPE_INFO[t].extensions.map((e) => [e, t])));
const BY_MIME = new Map(DRIVE_FILE_TYPES.flatMap((t) => DRIVE_FILE_TYPE_INFO[t].mimeTypes.map((m) => [m, t])));

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The type a file's name says it has; null when none we list. */
export const fileTypeFromName = (name: string): DriveFileType | null => BY_EXTENSION.get(extensionOf(name)) ?? null;

/** The type of a provider's MIME type, else of the name's extension (drives often answer octet-stream). */
export function fileTypeOf(name: string, mimeType: string | null | undefined): DriveFileType | null {
  const byMime = mimeType ? BY_MIME.get(mimeType.toLowerCase().split(';')[0]!.trim()) : undefined;
  return byMime ?? fileTypeFromName(name);
}

export const isReadableFileType = (type: DriveFileType): boolean => DRIVE_FILE_TYPE_INFO[type].readable;

/** The filter options of the manager's files grid and the File Browser (core.md §2), in order. */
export const FILE_TYPE_FILTERS = ['pdf', 'epub', 'mobi', 'txt'] as const satisfies readonly DriveFileType[];

export const CloudDrivePaths = {
  providers: '/api/cloud-drives/providers',
  connections: '/api/cloud-drives/connections',
  connection: '/api/cloud-drives/connections/{id}',
  refreshConnection: '/api/cloud-drives/connections/{id}/refresh',
  connect: '/api/cloud-drives/connect/{provider}',
  connectCallback: '/api/cloud-drives/connect/{provider}/callback',
  syncStatus: '/api/cloud-drives/sync/status',
  syncStart: '/api/cloud-drives/sync/{connectionId}/start',
  syncStop: '/api/cloud-drives/sync/{connectionId}/stop',
  syncConfig: '/api/cloud-drives/sync/{connectionId}/config',
  files: '/api/cloud-drives/files',
  filesBatch: '/api/cloud-drives/files/batch',
  /** DELETE: removes one of my uploads (its row and its stored bytes). */
  file: '/api/cloud-drives/files/{id}',
  favorite: '/api/cloud-drives/files/{id}/favorite',
  tags: '/api/cloud-drives/files/{id}/tags',
  tag: '/api/cloud-drives/files/{id}/tags/{tag}',
  bulkFavorite: '/api/cloud-drives/files/bulk/favorite',
  bulkUnfavorite: '/api/cloud-drives/files/bulk/unfavorite',
  bulkTags: '/api/cloud-drives/files/bulk/tags',
  content: '/api/cloud-drives/files/{id}/content',
  thumbnail: '/api/cloud-drives/files/{id}/thumbnail',
  uploads: '/api/cloud-drives/uploads',
} as const;

/** The popup page a provider sends the browser back to (core.md §2 routes). */
export const oauthCallbackPath = (provider: CloudProvider) => `/oauth/callback/${provider}`;

/** A file's id carries its provider (core.md §3): `google_…`, `onedrive_…`, `local_…`, `uploads_…`. */
export const cloudFileId = (provider: DriveProvider, uuid: string) => `${provider}_${uuid}`;
export const providerOfFileId = (id: string): DriveProvider | null => {
  const prefix = id.slice(0, Math.max(0, id.indexOf('_')));
  return (DRIVE_PROVIDERS as readonly string[]).includes(prefix) ? (prefix as DriveProvider) : null;
};

/** core.md §4 sync status values. */
export const SYNC_STATES = ['idle', 'syncing', 'completed', 'error'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** core.md §4: phases in order with the percent each starts at. */
export const SYNC_PHASES = ['connecting', 'fetching', 'processing', 'saving'] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];
export const SYNC_PHASE_PERCENT: Record<SyncPhase, number> = {
  connecting: 0,
  fetching: 25,
  processing: 75,
  saving: 90,
};

export const SYNC_INTERVALS = [15, 30, 60, 120] as const;
export type SyncInterval = (typeof SYNC_INTERVALS)[number];

/** core.md §9 "Cloud drives". */
export const CloudDriveLimits = {
  syncIntervalMinutes: 30,
  maxRetries: 3,
  batchSize: 100,
  batchSizeMax: 1000,
  incrementalSync: true,
  tokenRefreshCheckMs: 5 * 60_000,
  /** A token expiring within this is refreshed (and shows Token expiring soon). */
  needsRefreshWithinMs: 5 * 60_000,
  /** After completed or error, the status reads idle again. */
  idleAfterMs: 5_000,
  providerPageSize: 100,
  popupWidth: 500,
  popupHeight: 600,
  popupCloseMs: 500,
  /** UPLOAD_MAX_BYTES' default. */
  uploadMaxBytes: 200 * 1024 * 1024,
  /** Files in one upload request. */
  uploadMaxFiles: 20,
  tagMaxLength: 50,
  tagsPerFileMax: 50,
  bulkMax: 1000,
  batchFilesMax: 1000,
  accountNameMaxLength: 100,
  searchMaxLength: 200,
  tagsOnGridCard: 2,
  tagsInList: 3,
} as const;

/** core.md §9: the browser's file cache and prefetch. */
export const FileCacheLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxEntries: 50,
  maxAgeMs: 24 * 60 * 60_000,
  /** LRU score = last access minus this per access. */
  accessWeightMs: 60_000,
  prefetchThreshold: 0.7,
  maxPrefetches: 3,
} as const;

/** core.md §4 "Connection health". */
export type ConnectionHealth = 'disconnected' | 'expiring' | 'connected';
export const CONNECTION_HEALTH_LABELS: Record<ConnectionHealth, string> = {
  disconnected: 'Disconnected',
  expiring: 'Token expiring soon',
  connected: 'Connected',
};

/** Whether a token expiring at `expiresAt` must be refreshed now (within five minutes, or already expired). */
export function needsRefresh(expiresAt: Date | string | null, now: Date): boolean {
  if (expiresAt === null) return false;
  return new Date(expiresAt).getTime() - now.getTime() <= CloudDriveLimits.needsRefreshWithinMs;
}

export function connectionHealth(isActive: boolean, tokenExpiresAt: Date | string | null, now: Date): ConnectionHealth {
  if (!isActive) return 'disconnected';
  return needsRefresh(tokenExpiresAt, now) ? 'expiring' : 'connected';
}

/** core.md §9 time labels: Just now, N minutes ago, N hours ago, N days ago. */
export function timeAgoLabel(then: Date | string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(then).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** core.md §9: sizes scale by 1024 with one decimal. */
export function fileSizeLabel(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * Why an upload was refused, given its name: a name of a type we take means its content is not that type;
 * any other name is a type we do not take.
 */
export function uploadRefusal(name: string): string {
  const named = fileTypeFromName(name);
  return named
    ? CloudDriveMessages.notValidFile(named)
    : CloudDriveMessages.unsupportedType(extensionOf(name) || 'unknown');
}

/** A tag as stored: trimmed; blank is no tag (core.md §5). */
export const normaliseTag = (tag: string): string | null => {
  const trimmed = tag.trim();
  return trimmed === '' ? null : trimmed;
};

/** core.md §4 "Connection health", §5, §8: the texts the screen and the API use. */
export const CloudDriveMessages = {
  connectionNotFound: 'Connection not found',
  fileNotFound: 'File not found',
  tokenRefreshFailed: 'Token refresh failed. Please reconnect your drive.',
  popupBlocked: 'Failed to open authentication window. Please allow popups and try again.',
  disconnectConfirm: (account: string) =>
    `Are you sure you want to disconnect ${account}? This will remove all cached files.`,
  removedLocallyTitle: 'Connection removed locally',
  removedLocally:
    'The connection was removed from your device, but there may have been an issue revoking access remotely.',
  googleApiError: (statusText: string) => `Google Drive API error: ${statusText}`,
  oneDriveApiError: (statusText: string) => `OneDrive API error: ${statusText}`,
  downloadFailed: (reason: string) => `Failed to download file: ${reason}`,
  loadFailed: (reason: string) => `Failed to load file: ${reason}`,
  searchFailed: 'Search failed',
  saveFilesFailed: (reason: string) => `Failed to save files: ${reason}`,
  unsupportedType: (type: string) =>
    `Unsupported file type: ${type}. Supported types: PDF, EPUB, MOBI, plain text, and Word docx and doc (the last two treated as txt).`,
  /** A file whose name says a type we take but whose bytes are not one (issue 27): never "unsupported". */
  notValidFile: (type: DriveFileType) =>
    `This file is not a valid ${type === 'txt' ? 'text file' : DRIVE_FILE_TYPE_INFO[type].label}`,
  unsupportedProvider: (provider: string) => `Unsupported provider: ${provider}`,
  providerNotConfigured: (provider: string) => `${provider} is not set up on this server.`,
  invalidState: 'The sign-in with the drive expired or did not start here. Please try again.',
  syncAlreadyRunning: 'A sync of this drive is already running.',
  uploadTooLarge: (max: string) => `The file is larger than ${max}.`,
  notALocalChange: 'The library folder and uploads cannot be renamed or disconnected.',
  blankTag: 'Tag must not be blank.',
  invalidConnectionIds: 'connectionId must be a comma-separated list of UUIDs.',
  tooManyTags: `A file can have at most ${CloudDriveLimits.tagsPerFileMax} tags.`,
  onlyUploadsDeleted: 'Only uploaded files can be deleted here.',
  noFile: 'Choose at least one book file to upload.',
  tooManyFiles: `At most ${CloudDriveLimits.uploadMaxFiles} files can be uploaded at once.`,
  storageFull: 'There is no room left to store the file.',
} as const;
