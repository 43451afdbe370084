import { CloudDriveLimits, CloudDriveMessages, DRIVE_MIME_TYPES, fileTypeOf } from '@bookshelf/contract';
import { createHash } from 'node:crypto';
import { createHttpClient, type StreamResponse } from '../../../platform/outbound-http/client.js';
import type { DriveOAuthClient } from '../cloud-drives.deps.js';
import { findOutboundError } from '../../../platform/outbound-http/errors.js';
import { createCallPacer } from './call-pacer.js';
import { bearerHeaders, toProviderError } from './provider-errors.js';
import {
  ProviderError,
  THUMBNAIL_MAX_BYTES,
  type ByteRange,
  type ChangesPage,
  type Download,
  type FileProvider,
  type ListedFile,
  type ListPage,
  type ProviderAuth,
  type Thumbnail,
} from './provider.js';

/**
 * Google Drive API v3 (core.md §7 "Provider calls"; decision 048): files.list with a query for the supported
 * MIME types and not trashed, 100 a page by nextPageToken; changes.list from a start page token for incremental
 * sync; downloads with `alt=media` (ranges passed through) and thumbnails from `thumbnailLink`, which lives on
 * googleusercontent.com and is never sent the bearer token.
 */

const API = 'https://www.googleapis.com/drive/v3';
const HOSTS = ['www.googleapis.com', '*.googleusercontent.com'];
const FOLDER_MIME = 'application/vnd.google-apps.folder';
/**
 * Drive's quota is 12,000 calls a minute per user and per project; one server's syncs stay far under it at this
 * pace while 20,000 files (200 pages) still list in about ten seconds.
 */
const CALLS_PER_SECOND = 20;
const FILE_FIELDS = 'id,name,mimeType,size,modifiedTime,md5Checksum,parents,thumbnailLink,trashed';
/** Folders remembered per account: enough for a large library's tree, bounded so memory is too. */
const FOLDERS_PER_ACCOUNT = 20_000;
const ACCOUNTS_CACHED = 20;

/**
 * Files whose names end in a supported extension but which Drive stores as octet-stream (MOBI and AZW3
 * uploads often are): Drive's query language cannot match a name's end, so they are asked for by MIME type
 * and kept or dropped by their extension here.
 */
const OCTET_STREAM = 'application/octet-stream';
const LIST_QUERY = `(${[...DRIVE_MIME_TYPES, OCTET_STREAM].map((m) => `mimeType='${m}'`).join(' or ')}) and trashed=false`;

interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  size?: string;
  modifiedTime?: string;
  md5Checksum?: string;
  parents?: string[];
  thumbnailLink?: string;
  trashed?: boolean;
}

interface FileList {
  nextPageToken?: string;
  files?: DriveFile[];
}

interface ChangeList {
  nextPageToken?: string;
  newStartPageToken?: string;
  changes?: { fileId?: string; removed?: boolean; file?: DriveFile }[];
}

/** A folder as path resolution needs it; null: not reachable (My Drive's own parent, or not shared with us). */
interface Folder {
  name: string;
  parentId: string | null;
}

function listedFile(file: DriveFile, parentFolder: string | null): ListedFile | null {
  if (!file.name || file.mimeType === FOLDER_MIME) return null;
  const fileType = fileTypeOf(file.name, file.mimeType);
  if (!fileType) return null;
  const size = Number(file.size ?? 0);
  const modifiedAt = new Date(file.modifiedTime ?? 0);
  return {
    externalId: file.id,
    name: file.name,
    fileType,
    mimeType: file.mimeType ?? null,
    size: Number.isFinite(size) ? size : 0,
    modifiedAt: Number.isNaN(modifiedAt.getTime()) ? new Date(0) : modifiedAt,
    parentFolder,
    hasThumbnail: Boolean(file.thumbnailLink),
    version: file.md5Checksum ?? file.modifiedTime ?? null,
  };
}

/** Google's thumbnail for a PDF asked for at the size the spec shows it (w200-h300), in place of the default `=s220`. */
export function sizedThumbnailLink(link: string, mimeType: string | undefined): string {
  if (mimeType !== 'application/pdf') return link;
  return /=s\d+$/.test(link) ? link.replace(/=s\d+$/, '=w200-h300') : link;
}

/**
 * Drive answers some rate limits with 403 and one of these reasons in its error JSON, not 429
 * (developers.google.com/drive/api/guides/limits): they are waited out like a 429, not taken as a refusal.
 */
const RATE_LIMITED = /"reason":\s*"(userRateLimitExceeded|rateLimitExceeded)"/;

export function createGoogleDriveProvider(
  options: DriveOAuthClient & { allowPrivateAddresses: boolean },
): FileProvider {
  const http = createHttpClient({
    name: 'google-drive',
    hosts: HOSTS,
    baseUrl: options.apiBaseUrl,
    allowPrivateAddresses: options.allowPrivateAddresses,
    timeoutMs: 30_000,
    maxBytes: 8 * 1024 * 1024,
  });
  const pacer = createCallPacer({ perSecond: CALLS_PER_SECOND });
  const pageSize = CloudDriveLimits.providerPageSize;
  /**
   * Folder names by id, per account (keyed by a hash of the token in use): a folder one reader may see is never
   * named to another. Oldest accounts and folders go first when full.
   */
  const folderCaches = new Map<string, Map<string, Folder | null>>();

  function api(path: string, query: Record<string, string> = {}): string {
    const url = new URL(http.url(`${API}${path}`));
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** A Drive failure as the spec words it (core.md §8); Drive's 403 rate limits count as the 429 they mean. */
  function providerError(error: unknown, download = false): unknown {
    const outbound = findOutboundError(error);
    if (outbound?.status === 403 && RATE_LIMITED.test(outbound.details.bodyText ?? '')) {
      // No Retry-After comes with these: the sync's backoff decides when to try again.
      return new ProviderError(CloudDriveMessages.googleApiError('Too Many Requests'), 429, { cause: error });
    }
    return toProviderError(error, CloudDriveMessages.googleApiError, (status) => download && status !== 401);
  }

  const bearer = (auth: ProviderAuth) => bearerHeaders(auth, CloudDriveMessages.googleApiError);

  /** One Drive API call, paced, with the bearer token. */
  async function getJson<T>(auth: ProviderAuth, url: string, signal?: AbortSignal): Promise<T> {
    const headers = bearer(auth);
    await pacer.wait(signal);
    try {
      return (await http.request(url, { headers })).json() as T;
    } catch (error) {
      throw providerError(error);
    }
  }

  function foldersOf(auth: ProviderAuth): Map<string, Folder | null> {
    const key = createHash('sha256')
      .update(auth.accessToken ?? '')
      .digest('base64url');
    let folders = folderCaches.get(key);
    if (folders) {
      // Most recently used last, so the oldest account is the first to go.
      folderCaches.delete(key);
    } else {
      folders = new Map();
      if (folderCaches.size >= ACCOUNTS_CACHED) folderCaches.delete(folderCaches.keys().next().value!);
    }
    folderCaches.set(key, folders);
    return folders;
  }

  function remember(folders: Map<string, Folder | null>, id: string, folder: Folder | null) {
    if (folders.size >= FOLDERS_PER_ACCOUNT) folders.delete(folders.keys().next().value!);
    folders.set(id, folder);
  }

  /**
   * Every folder of the drive in a few calls of 1,000, before a full listing starts: looking them up one by one
   * as files name them would cost a call per folder.
   */
  async function loadFolders(auth: ProviderAuth, signal?: AbortSignal) {
    const folders = foldersOf(auth);
    let pageToken: string | undefined;
    do {
      const list = await getJson<FileList>(
        auth,
        api('/files', {
          q: `mimeType='${FOLDER_MIME}' and trashed=false`,
          pageSize: '1000',
          fields: 'nextPageToken,files(id,name,parents)',
          ...(pageToken ? { pageToken } : {}),
        }),
        signal,
      );
      for (const f of list.files ?? [])
        remember(folders, f.id, { name: f.name ?? '', parentId: f.parents?.[0] ?? null });
      pageToken = list.nextPageToken;
    } while (pageToken);
  }

  async function folder(auth: ProviderAuth, id: string, signal?: AbortSignal): Promise<Folder | null> {
    const folders = foldersOf(auth);
    if (folders.has(id)) return folders.get(id) ?? null;
    let found: Folder | null;
    try {
      const f = await getJson<DriveFile>(
        auth,
        api(`/files/${encodeURIComponent(id)}`, { fields: 'id,name,parents' }),
        signal,
      );
      found = { name: f.name ?? '', parentId: f.parents?.[0] ?? null };
    } catch (error) {
      // A parent shared away from us, or deleted meanwhile: the path stops there.
      if (error instanceof ProviderError && (error.status === 404 || error.status === 403)) found = null;
      else throw error;
    }
    remember(folders, id, found);
    return found;
  }

  /** The folder path from My Drive ("Books/Science fiction"); null at the top. My Drive itself has no parents. */
  async function folderPath(auth: ProviderAuth, parentId: string | undefined, signal?: AbortSignal) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let id = parentId ?? null; id && !seen.has(id);) {
      seen.add(id);
      const f = await folder(auth, id, signal);
      // The top folder (no parents) is My Drive, or a shared folder's root: it is not part of the path.
      if (!f || f.parentId === null) break;
      names.unshift(f.name);
      id = f.parentId;
    }
    return names.length ? names.join('/') : null;
  }

  async function toListed(auth: ProviderAuth, files: DriveFile[], signal?: AbortSignal): Promise<ListedFile[]> {
    const listed: ListedFile[] = [];
    for (const file of files) {
      if (!file.name || !fileTypeOf(file.name, file.mimeType)) continue;
      const entry = listedFile(file, await folderPath(auth, file.parents?.[0], signal));
      if (entry) listed.push(entry);
    }
    return listed;
  }

  /** A paced stream: a download (bearer token, no cap) or a thumbnail (its link is its credential, capped). */
  async function stream(
    url: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
    maxBytes?: number,
  ): Promise<StreamResponse> {
    await pacer.wait(signal);
    return http.stream(url, {
      headers,
      ...(signal ? { signal } : {}),
      ...(maxBytes === undefined ? {} : { maxBytes }),
    });
  }

  return {
    name: 'google',

    async listPage(auth, pageToken, signal): Promise<ListPage> {
      if (pageToken === null) await loadFolders(auth, signal);
      const list = await getJson<FileList>(
        auth,
        api('/files', {
          q: LIST_QUERY,
          pageSize: String(pageSize),
          fields: `nextPageToken,files(${FILE_FIELDS})`,
          ...(pageToken ? { pageToken } : {}),
        }),
        signal,
      );
      return { files: await toListed(auth, list.files ?? [], signal), nextPageToken: list.nextPageToken ?? null };
    },

    async startCursor(auth, signal) {
      const answer = await getJson<{ startPageToken?: string }>(
        auth,
        api('/changes/startPageToken', { fields: 'startPageToken' }),
        signal,
      );
      if (!answer.startPageToken) throw new ProviderError(CloudDriveMessages.googleApiError('Bad Gateway'), null);
      return answer.startPageToken;
    },

    async changesPage(auth, cursor, signal): Promise<ChangesPage> {
      const list = await getJson<ChangeList>(
        auth,
        api('/changes', {
          pageToken: cursor,
          pageSize: String(pageSize),
          includeRemoved: 'true',
          spaces: 'drive',
          fields: `nextPageToken,newStartPageToken,changes(fileId,removed,file(${FILE_FIELDS}))`,
        }),
        signal,
      );
      const changed: DriveFile[] = [];
      const removed: string[] = [];
      const folders = foldersOf(auth);
      for (const change of list.changes ?? []) {
        const id = change.fileId ?? change.file?.id;
        if (!id) continue;
        const file = change.file;
        if (file?.mimeType === FOLDER_MIME) {
          // Renamed, moved or trashed: its name is looked up again when a file next needs it.
          folders.delete(id);
          continue;
        }
        if (change.removed || !file || file.trashed || !file.name || !fileTypeOf(file.name, file.mimeType)) {
          removed.push(id);
        } else changed.push(file);
      }
      return {
        changed: await toListed(auth, changed, signal),
        removed,
        nextPageToken: list.nextPageToken ?? null,
        newCursor: list.nextPageToken ? null : (list.newStartPageToken ?? null),
      };
    },

    async download(auth, externalId, range?: ByteRange, signal?): Promise<Download> {
      const headers = bearer(auth);
      if (range) headers.range = `bytes=${range.start}-${range.end ?? ''}`;
      delete headers.accept;
      try {
        const res = await stream(api(`/files/${encodeURIComponent(externalId)}`, { alt: 'media' }), headers, signal);
        const length = Number(res.headers['content-length']);
        // A server that ignored the range answers 200 with the whole file, and the caller is told so.
        return {
          status: res.status === 206 ? 206 : 200,
          stream: res.body,
          contentType: res.headers['content-type'] || 'application/octet-stream',
          contentLength: Number.isFinite(length) && res.headers['content-length'] !== undefined ? length : null,
          contentRange: res.status === 206 ? (res.headers['content-range'] ?? null) : null,
        };
      } catch (error) {
        throw providerError(error, true);
      }
    },

    async thumbnail(auth, externalId, signal): Promise<Thumbnail | null> {
      const file = await getJson<DriveFile>(
        auth,
        api(`/files/${encodeURIComponent(externalId)}`, { fields: 'id,mimeType,thumbnailLink' }),
        signal,
      );
      if (!file.thumbnailLink) return null;
      try {
        // The link carries its own credential; the bearer token stays with the API.
        const res = await stream(
          sizedThumbnailLink(file.thumbnailLink, file.mimeType),
          {},
          signal,
          THUMBNAIL_MAX_BYTES,
        );
        return { stream: res.body, contentType: res.headers['content-type'] || 'image/jpeg' };
      } catch (error) {
        throw providerError(error);
      }
    },

    close: () => http.close(),
  };
}
