import type { DriveFileType, DriveProvider as DriveProviderName } from '@bookshelf/contract';
import type { Readable } from 'node:stream';

/**
 * The one interface every source of files implements (issue 14): Google Drive, OneDrive (Microsoft Graph),
 * the LIBRARY_DIR folder. The sync job and the content route only talk to this; each provider turns its own
 * protocol's pages, cursors and errors into these shapes.
 */

/** What a provider call is made with: the connection's current access token (none for the local folder). */
export interface ProviderAuth {
  accessToken: string | null;
}

/** One file as a provider lists it. */
export interface ListedFile {
  externalId: string;
  name: string;
  fileType: DriveFileType;
  mimeType: string | null;
  size: number;
  modifiedAt: Date;
  /** The folder path it sits in ("Books/Science fiction"), null at the root. */
  parentFolder: string | null;
  hasThumbnail: boolean;
  /** Changes when the content changes (md5, eTag, mtime+size). */
  version: string | null;
}

export interface ListPage {
  files: ListedFile[];
  /** Opaque: hand it back for the next page; null after the last page. It is stored so a restart resumes. */
  nextPageToken: string | null;
}

export interface ChangesPage {
  /** Added or changed files of a supported type. */
  changed: ListedFile[];
  /** External ids removed, trashed, or no longer of a supported type. */
  removed: string[];
  /** The next page of this round of changes, or null when this was the last. */
  nextPageToken: string | null;
  /** On the last page: the cursor to ask from next time. */
  newCursor: string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive; the end of the file when absent. */
  end?: number | undefined;
}

export interface Download {
  /** 200 for the whole file, 206 for a range. */
  status: 200 | 206;
  stream: Readable;
  contentType: string;
  /** The bytes this answer holds, when known. */
  contentLength: number | null;
  /** For 206: the `bytes a-b/size` the provider answered. */
  contentRange: string | null;
}

/** The largest preview image a provider may send us (a thumbnail is tens of kilobytes). */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;

export interface Thumbnail {
  stream: Readable;
  contentType: string;
}

export interface FileProvider {
  readonly name: DriveProviderName;
  /** One page of a full listing from `pageToken` (null: the first page). */
  listPage(auth: ProviderAuth, pageToken: string | null, signal?: AbortSignal): Promise<ListPage>;
  /** A cursor from which `changesPage` reports what changes after now; null when the provider has none. */
  startCursor(auth: ProviderAuth, signal?: AbortSignal): Promise<string | null>;
  /** One page of changes since `cursor` (or from a previous page's nextPageToken). */
  changesPage(auth: ProviderAuth, cursor: string, signal?: AbortSignal): Promise<ChangesPage>;
  /** The file's bytes, or a range of them, streamed. */
  download(auth: ProviderAuth, externalId: string, range?: ByteRange, signal?: AbortSignal): Promise<Download>;
  /** A small preview image, or null when the provider has none. */
  thumbnail(auth: ProviderAuth, externalId: string, signal?: AbortSignal): Promise<Thumbnail | null>;
  /** Releases connections. */
  close(): Promise<void>;
}

/**
 * A provider call that failed in a way the reader should read (core.md §8 "Provider errors"): the message is
 * the spec's ("Google Drive API error: Not Found"). `status` is the provider's HTTP status; 401 means the
 * access token was refused (the caller refreshes once and tries again).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown; retryAfterMs?: number | undefined },
  ) {
    super(message, options);
    this.name = 'ProviderError';
    this.retryAfterMs = options?.retryAfterMs;
  }
  readonly retryAfterMs: number | undefined;
}
