import { constants } from 'node:fs';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CloudDriveLimits,
  CloudDriveMessages,
  DRIVE_FILE_TYPE_INFO,
  fileTypeFromName,
  type DriveFileType,
} from '@bookshelf/contract';
import type { ByteRange, Download, FileProvider, ListedFile, ListPage } from './provider.js';
import { ProviderError } from './provider.js';

/** A listing is walked once and paged from memory while its pages are asked for in turn. */
const LISTING_KEPT_MS = 60_000;

const notFound = () => new ProviderError(CloudDriveMessages.fileNotFound, 404);
const unreadable = (cause: unknown) => new ProviderError('The library folder could not be read.', 500, { cause });

/** Page tokens are the relative path of the last file handed out, so a restarted listing goes on after it. */
const encodeToken = (relativePath: string) => Buffer.from(relativePath, 'utf8').toString('base64url');
function decodeToken(token: string): string {
  const decoded = Buffer.from(token, 'base64url').toString('utf8');
  if (decoded === '' || encodeToken(decoded) !== token) throw new ProviderError('Invalid page token.', 400);
  return decoded;
}

/** The byte order of UTF-16 code units, the same on every run and every platform (unlike localeCompare). */
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const inside = (root: string, candidate: string) => candidate === root || candidate.startsWith(root + path.sep);

/**
 * A relative path as the sync stores it (`Books/Dune.epub`), checked before it comes near the file system:
 * no absolute path, no `..` or empty segment, no NUL, no backslash (a separator on Windows).
 */
function safeRelative(externalId: string): string {
  if (
    externalId === '' ||
    externalId.includes('\0') ||
    externalId.includes('\\') ||
    path.posix.isAbsolute(externalId) ||
    path.win32.isAbsolute(externalId) ||
    externalId.split('/').some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw notFound();
  }
  return externalId;
}

/**
 * The LIBRARY_DIR folder as a provider (issue 14, decision 050): every file of a supported type under it,
 * subfolders as folders. It has no change feed, so a sync always lists it (cheaply: one walk per listing).
 * Nothing outside the folder is ever read: symbolic links are followed only to files that resolve inside it
 * (never to folders, which could loop), and an external id is checked and resolved before it is opened.
 */
export function createLocalFolderProvider(options: { root: string; pageSize?: number }): FileProvider {
  const pageSize = options.pageSize ?? CloudDriveLimits.providerPageSize;
  let cached: { paths: string[]; at: number; root: string } | undefined;

  async function realRoot(): Promise<string> {
    try {
      return await realpath(options.root);
    } catch (cause) {
      throw unreadable(cause);
    }
  }

  /** Every supported file's relative path, sorted. */
  async function walk(root: string): Promise<string[]> {
    const found: string[] = [];
    const visit = async (dir: string, prefix: string) => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (cause) {
        // A folder removed while walking is simply gone; one that cannot be read fails the listing, since
        // leaving its files out would mark them removed.
        if ((cause as NodeJS.ErrnoException).code === 'ENOENT' && dir !== root) return;
        throw unreadable(cause);
      }
      for (const entry of entries) {
        const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await visit(full, relative);
        else if (fileTypeFromName(entry.name) === null) continue;
        else if (entry.isFile()) found.push(relative);
        else if (entry.isSymbolicLink() && (await linkedFileInside(root, full))) found.push(relative);
      }
    };
    await visit(root, '');
    return found.sort(byPath);
  }

  async function linkedFileInside(root: string, full: string): Promise<boolean> {
    try {
      const target = await realpath(full);
      return inside(root, target) && (await stat(target)).isFile();
    } catch {
      return false;
    }
  }

  async function listed(root: string, relative: string): Promise<ListedFile | null> {
    const name = relative.slice(relative.lastIndexOf('/') + 1);
    const fileType = fileTypeFromName(name);
    if (!fileType) return null;
    let info;
    try {
      info = await stat(path.join(root, relative));
    } catch {
      return null; // removed since the walk: the next listing does not see it either
    }
    if (!info.isFile()) return null;
    const slash = relative.lastIndexOf('/');
    return {
      externalId: relative,
      name,
      fileType,
      mimeType: DRIVE_FILE_TYPE_INFO[fileType].mimeTypes[0] ?? null,
      size: info.size,
      modifiedAt: new Date(info.mtimeMs),
      parentFolder: slash < 0 ? null : relative.slice(0, slash),
      hasThumbnail: false,
      version: `${Math.trunc(info.mtimeMs)}-${info.size}`,
    };
  }

  /** The file an external id names, resolved and checked to be a regular file inside the folder. */
  async function resolveFile(externalId: string): Promise<{ full: string; fileType: DriveFileType }> {
    const relative = safeRelative(externalId);
    const fileType = fileTypeFromName(relative.slice(relative.lastIndexOf('/') + 1));
    if (!fileType) throw notFound();
    const root = await realRoot();
    let full: string;
    try {
      full = await realpath(path.join(root, ...relative.split('/')));
    } catch {
      throw notFound();
    }
    if (!inside(root, full) || full === root) throw notFound();
    return { full, fileType };
  }

  return {
    name: 'local',

    async listPage(_auth, pageToken): Promise<ListPage> {
      const after = pageToken === null ? null : decodeToken(pageToken);
      const root = await realRoot();
      const fresh =
        after !== null && cached !== undefined && cached.root === root && Date.now() - cached.at < LISTING_KEPT_MS;
      const paths = fresh ? cached!.paths : await walk(root);
      cached = { paths, at: fresh ? cached!.at : Date.now(), root };
      let start = 0;
      if (after !== null) {
        // The first path after the token's (binary search: the listing is sorted).
        let lo = 0;
        let hi = paths.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (byPath(paths[mid]!, after) <= 0) lo = mid + 1;
          else hi = mid;
        }
        start = lo;
      }
      const slice = paths.slice(start, start + pageSize);
      const files = (await Promise.all(slice.map((p) => listed(root, p)))).filter((f): f is ListedFile => f !== null);
      const more = start + pageSize < paths.length;
      if (!more) cached = undefined;
      return { files, nextPageToken: more ? encodeToken(slice[slice.length - 1]!) : null };
    },

    startCursor: () => Promise.resolve(null),

    changesPage: () => Promise.reject(new ProviderError('The library folder has no change feed.', 410)),

    async download(_auth, externalId, range?: ByteRange): Promise<Download> {
      const { full, fileType } = await resolveFile(externalId);
      let handle;
      try {
        // O_NOFOLLOW: the path was resolved; a link swapped in since is refused rather than followed.
        handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch {
        throw notFound();
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw notFound();
        const size = info.size;
        const contentType = DRIVE_FILE_TYPE_INFO[fileType].mimeTypes[0] ?? 'application/octet-stream';
        if (!range) {
          return {
            status: 200,
            stream: handle.createReadStream(),
            contentType,
            contentLength: size,
            contentRange: null,
          };
        }
        const end = Math.min(range.end ?? size - 1, size - 1);
        if (!Number.isInteger(range.start) || range.start < 0 || range.start >= size || end < range.start) {
          throw new ProviderError('Range Not Satisfiable', 416);
        }
        return {
          status: 206,
          stream: handle.createReadStream({ start: range.start, end }),
          contentType,
          contentLength: end - range.start + 1,
          contentRange: `bytes ${range.start}-${end}/${size}`,
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    thumbnail: () => Promise.resolve(null),

    close: () => Promise.resolve(),
  };
}
