import { CloudDriveLimits, CloudDriveMessages, DRIVE_FILE_TYPE_INFO, fileTypeOf } from '@bookshelf/contract';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { createHttpClient } from '../../../platform/outbound-http/client.js';
import type { DriveOAuthClient } from '../cloud-drives.deps.js';
import { createCallPacer } from './call-pacer.js';
import { bearerHeaders, statusText, toProviderError } from './provider-errors.js';
import {
  ProviderError,
  THUMBNAIL_MAX_BYTES,
  type ByteRange,
  type ChangesPage,
  type Download,
  type FileProvider,
  type ListedFile,
  type ProviderAuth,
} from './provider.js';

/**
 * OneDrive through Microsoft Graph v1.0 (core.md §7 "Provider calls"; decision 048): a full listing walks the
 * root's children and every folder below by item id, following `@odata.nextLink`; incremental sync follows
 * delta links; downloads and thumbnails stream from the pre-authenticated URLs Graph hands out, which are
 * never sent the bearer token.
 */

const GRAPH = 'https://graph.microsoft.com/v1.0';
/** Graph's own download and thumbnail hosts (pre-authenticated URLs). */
const HOSTS = ['graph.microsoft.com', '*.sharepoint.com', '*.1drv.com', '*.livefilestore.com', '*.files.1drv.com'];
const LIST_SELECT = 'id,name,size,lastModifiedDateTime,eTag,cTag,file,folder,parentReference';
/** Graph throttles per user and app; this keeps one server's syncs well under it while a 20,000-file sync stays fast. */
const CALLS_PER_SECOND = 50;
/** Graph calls one listPage may make while it has found too few files (folders full of folders). */
const MAX_CALLS_PER_LIST_PAGE = 10;
const ROOT = '';

interface GraphItem {
  id: string;
  name?: string;
  size?: number;
  lastModifiedDateTime?: string;
  eTag?: string;
  cTag?: string;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  root?: object;
  deleted?: object;
  parentReference?: { id?: string; path?: string };
  '@microsoft.graph.downloadUrl'?: string;
}

interface GraphPage {
  value?: GraphItem[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

interface ThumbnailSets {
  value?: { medium?: { url?: string } }[];
}

/**
 * Where a full listing stands, stored between pages so a restarted sync resumes: the nextLink of the folder
 * being listed, and the folders (by item id, breadth first) still to list.
 */
interface ListState {
  v: 1;
  n: string | null;
  q: string[];
}

const encodeState = (state: ListState) => deflateRawSync(JSON.stringify(state)).toString('base64url');

function decodeState(token: string): ListState {
  try {
    const state = JSON.parse(inflateRawSync(Buffer.from(token, 'base64url')).toString('utf8')) as ListState;
    if (state.v === 1 && Array.isArray(state.q) && (state.n === null || typeof state.n === 'string')) return state;
  } catch {
    // Falls through to the error below.
  }
  throw new Error('OneDrive: the stored listing page token cannot be read');
}

/** '/drive/root:/Books/Science%20fiction' → 'Books/Science fiction'; the root → null. */
export function folderFromGraphPath(path: string): string | null {
  const at = path.indexOf('root:');
  if (at < 0) return null;
  const rest = path
    .slice(at + 'root:'.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return rest.length === 0 ? null : rest.join('/');
}

/** A file of a type we list, or null (folders, other types, deleted items). */
function listedFile(item: GraphItem, parentFolder: string | null): ListedFile | null {
  if (!item.file || item.deleted || !item.name) return null;
  const fileType = fileTypeOf(item.name, item.file.mimeType);
  if (!fileType) return null;
  const known = DRIVE_FILE_TYPE_INFO[fileType].mimeTypes;
  const mimeType = item.file.mimeType?.toLowerCase();
  return {
    externalId: item.id,
    name: item.name,
    fileType,
    // OneDrive often answers octet-stream for ebooks: the type's own MIME type is what a reader is sent.
    mimeType: mimeType && known.includes(mimeType) ? mimeType : (known[0] ?? null),
    size: item.size ?? 0,
    modifiedAt: new Date(item.lastModifiedDateTime ?? 0),
    parentFolder,
    hasThumbnail: true,
    version: item.cTag ?? item.eTag ?? null,
  };
}

export function createOneDriveProvider(options: DriveOAuthClient & { allowPrivateAddresses: boolean }): FileProvider {
  const http = createHttpClient({
    name: 'onedrive',
    hosts: HOSTS,
    baseUrl: options.apiBaseUrl,
    allowPrivateAddresses: options.allowPrivateAddresses,
    timeoutMs: 30_000,
    maxBytes: 8 * 1024 * 1024,
  });
  const pacer = createCallPacer({ perSecond: CALLS_PER_SECOND });
  const apiOrigin = new URL(http.url(GRAPH)).origin;
  const api = (path: string) => http.url(`${GRAPH}${path}`);
  const pageSize = CloudDriveLimits.providerPageSize;
  let closing: Promise<void> | undefined;

  /** A Graph failure as the spec words it (core.md §8). */
  const providerError = (error: unknown, download = false) =>
    toProviderError(
      error,
      CloudDriveMessages.oneDriveApiError,
      (status) => download && (status === 404 || status === 416),
    );

  const bearer = (auth: ProviderAuth) => bearerHeaders(auth, CloudDriveMessages.oneDriveApiError);

  /** One Graph API call, paced, with the bearer token; only ever to Graph's own origin. */
  async function getJson<T>(auth: ProviderAuth, url: string, signal?: AbortSignal): Promise<T> {
    const target = http.url(url);
    if (new URL(target).origin !== apiOrigin) {
      throw new ProviderError(CloudDriveMessages.oneDriveApiError('Bad Gateway'), null);
    }
    const headers = bearer(auth);
    await pacer.wait(signal);
    signal?.throwIfAborted();
    try {
      const res = await http.request(target, { headers });
      return res.json() as T;
    } catch (error) {
      throw providerError(error);
    }
  }

  /** Streams a pre-authenticated URL (download or thumbnail): no bearer token goes with it. */
  async function streamUrl(url: string, headers: Record<string, string>, signal?: AbortSignal, maxBytes?: number) {
    try {
      const res = await http.stream(url, {
        headers,
        ...(signal ? { signal } : {}),
        ...(maxBytes === undefined ? {} : { maxBytes }),
      });
      if (res.status < 200 || res.status > 299) {
        res.body.destroy();
        throw new ProviderError(CloudDriveMessages.downloadFailed(statusText(res.status)), res.status);
      }
      return res;
    } catch (error) {
      throw providerError(error, true);
    }
  }

  const childrenUrl = (folderId: string) =>
    api(
      `${folderId === ROOT ? '/me/drive/root' : `/me/drive/items/${encodeURIComponent(folderId)}`}/children` +
        `?$top=${pageSize}&$select=${LIST_SELECT}`,
    );

  /** Folder paths of items' parents, for delta answers (Graph leaves parentReference.path out of them). */
  async function parentFolders(auth: ProviderAuth, items: GraphItem[], signal?: AbortSignal) {
    const folders = new Map<string, string | null>();
    for (const item of items) {
      const parentId = item.parentReference?.id;
      if (!parentId || folders.has(parentId)) continue;
      if (item.parentReference?.path !== undefined) {
        folders.set(parentId, folderFromGraphPath(item.parentReference.path));
        continue;
      }
      try {
        const parent = await getJson<GraphItem>(
          auth,
          api(`/me/drive/items/${encodeURIComponent(parentId)}?$select=id,name,root,parentReference`),
          signal,
        );
        const above = parent.parentReference?.path;
        const folder = parent.root || above === undefined ? null : folderFromGraphPath(above);
        folders.set(parentId, parent.root ? null : [folder, parent.name].filter(Boolean).join('/') || null);
      } catch (error) {
        // A parent deleted since this delta round began: its files are reported deleted next.
        if (error instanceof ProviderError && error.status === 404) folders.set(parentId, null);
        else throw error;
      }
    }
    return folders;
  }

  return {
    name: 'onedrive',

    async listPage(auth, pageToken, signal) {
      const state: ListState = pageToken ? decodeState(pageToken) : { v: 1, n: null, q: [ROOT] };
      const files: ListedFile[] = [];
      for (let calls = 0; calls < MAX_CALLS_PER_LIST_PAGE && files.length < pageSize; calls += 1) {
        let url = state.n;
        let queued = false;
        if (url === null) {
          const folder = state.q.shift();
          if (folder === undefined) break;
          url = childrenUrl(folder);
          queued = true;
        }
        let page: GraphPage;
        try {
          page = await getJson<GraphPage>(auth, url, signal);
        } catch (error) {
          // A folder deleted since it was queued has nothing left to list; its files go as unseen ones do.
          if (queued && error instanceof ProviderError && error.status === 404) continue;
          throw error;
        }
        for (const item of page.value ?? []) {
          if (item.folder) state.q.push(item.id);
          const file = listedFile(item, folderFromGraphPath(item.parentReference?.path ?? ''));
          if (file) files.push(file);
        }
        state.n = page['@odata.nextLink'] ?? null;
      }
      const done = state.n === null && state.q.length === 0;
      return { files, nextPageToken: done ? null : encodeState(state) };
    },

    async startCursor(auth, signal) {
      const page = await getJson<GraphPage>(auth, api('/me/drive/root/delta?token=latest'), signal);
      const link = page['@odata.deltaLink'];
      if (!link) throw new ProviderError(CloudDriveMessages.oneDriveApiError('No delta link'), null);
      return link;
    },

    async changesPage(auth, cursor, signal): Promise<ChangesPage> {
      const page = await getJson<GraphPage>(auth, cursor, signal);
      const items = page.value ?? [];
      const live = items.filter((item) => item.file && !item.deleted);
      const folders = await parentFolders(auth, live, signal);
      const changed: ListedFile[] = [];
      const removed: string[] = [];
      for (const item of items) {
        if (item.deleted) {
          removed.push(item.id);
          continue;
        }
        if (!item.file) continue;
        const file = listedFile(item, folders.get(item.parentReference?.id ?? '') ?? null);
        if (file) changed.push(file);
        else removed.push(item.id);
      }
      return {
        changed,
        removed,
        nextPageToken: page['@odata.nextLink'] ?? null,
        newCursor: page['@odata.deltaLink'] ?? null,
      };
    },

    async download(auth, externalId, range?: ByteRange, signal?: AbortSignal): Promise<Download> {
      let item: GraphItem;
      try {
        item = await getJson<GraphItem>(
          auth,
          api(`/me/drive/items/${encodeURIComponent(externalId)}?$select=id,name,file,@microsoft.graph.downloadUrl`),
          signal,
        );
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) {
          throw new ProviderError(CloudDriveMessages.downloadFailed('Not Found'), 404, { cause: error });
        }
        throw error;
      }
      const url = item['@microsoft.graph.downloadUrl'];
      if (!item.file || !url) throw new ProviderError(CloudDriveMessages.downloadFailed('Not Found'), 404);
      const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {};
      const res = await streamUrl(url, headers, signal);
      const length = Number(res.headers['content-length']);
      return {
        status: res.status === 206 ? 206 : 200,
        stream: res.body,
        contentType:
          listedFile(item, null)?.mimeType ??
          (item.file.mimeType || res.headers['content-type'] || 'application/octet-stream'),
        contentLength: Number.isFinite(length) && res.headers['content-length'] ? length : null,
        contentRange: res.status === 206 ? (res.headers['content-range'] ?? null) : null,
      };
    },

    async thumbnail(auth, externalId, signal) {
      let sets: ThumbnailSets;
      try {
        sets = await getJson<ThumbnailSets>(
          auth,
          api(`/me/drive/items/${encodeURIComponent(externalId)}/thumbnails`),
          signal,
        );
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return null;
        throw error;
      }
      const url = sets.value?.[0]?.medium?.url;
      if (!url) return null;
      const res = await streamUrl(url, {}, signal, THUMBNAIL_MAX_BYTES);
      return { stream: res.body, contentType: res.headers['content-type'] || 'image/jpeg' };
    },

    close() {
      closing ??= http.close();
      return closing;
    },
  };
}
