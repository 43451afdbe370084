import type { Readable } from 'node:stream';
import {
  CloudDriveMessages,
  DRIVE_FILE_TYPE_INFO,
  DRIVE_PROVIDER_LABELS,
  type DriveFileType,
  type DriveProvider,
} from '@bookshelf/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import { findOutboundError } from '../../../platform/outbound-http/errors.js';
import { BlobNotFoundError, BlobRangeError } from '../../../platform/storage/blob-store.js';
import type { CloudDrivesParts, ConnectionTokens } from '../cloud-drives.parts.js';
import { ProviderError, type ByteRange } from '../providers/provider.js';
import type { VisibleFileRow } from './files.repository.js';
import type { FilesService } from './files.service.js';
import { parseRangeHeader, resolveRequestedRange } from './http-range.js';
import { thumbnailKey } from '../thumbnails/thumbnail-queue.js';

/** What the content route streams. */
export interface FileContent {
  status: 200 | 206;
  stream: Readable;
  contentType: string;
  contentLength: number | null;
  contentRange: string | null;
  name: string;
}

export interface FileThumbnail {
  stream: Readable;
  contentType: string;
  /** Ours, named by its hash (cacheable for ever), rather than a provider's preview fetched now. */
  immutable: boolean;
}

const OCTET_STREAM = 'application/octet-stream';
/** Thumbnails are only ever served as one of these; anything else a provider says goes out as bytes. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const DOWNLOAD_FAILED_PREFIX = CloudDriveMessages.downloadFailed('');

const fileNotFound = () => notFound(CloudDriveMessages.fileNotFound);
const notSatisfiable = (size: number | null | undefined) =>
  new AppError(
    416,
    'RANGE_NOT_SATISFIABLE',
    'The requested range is not satisfiable.',
    size === null || size === undefined ? {} : { 'content-range': `bytes */${size}` },
  );
const upstreamFailed = (reason: string) =>
  new AppError(
    502,
    'UPSTREAM_FAILED',
    reason.startsWith(DOWNLOAD_FAILED_PREFIX) ? reason : CloudDriveMessages.downloadFailed(reason),
  );

/**
 * A failure of a provider or the storage as the reader should read it (core.md §8): a file gone upstream is
 * our 404, a range past its end a 416, any other failure a 502 "Failed to download file: …". Our own errors
 * (the connection's "Token refresh failed. Please reconnect your drive.") pass through as they are.
 */
function downloadError(error: unknown, size: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof BlobNotFoundError) return fileNotFound();
  if (error instanceof BlobRangeError) return notSatisfiable(error.size ?? size);
  if (error instanceof ProviderError) {
    if (error.status === 404) return fileNotFound();
    if (error.status === 416) return notSatisfiable(size);
    return upstreamFailed(error.message);
  }
  const outbound = findOutboundError(error);
  if (outbound) return upstreamFailed(outbound.publicMessage);
  return error;
}

const mimeOf = (fileType: string) => DRIVE_FILE_TYPE_INFO[fileType as DriveFileType]?.mimeTypes[0] ?? OCTET_STREAM;

/**
 * A file's bytes from wherever they are (decision 050): an upload from the storage seam, the library folder
 * and cloud drives through their provider (with the connection's token). Always streamed, with a single
 * byte range passed on; the type we answer is the file's listed type, never what the source says.
 */
export function createContentService(
  parts: CloudDrivesParts & { tokens: ConnectionTokens },
  { files }: { files: FilesService },
) {
  const { storage, providers, tokens } = parts;

  function providerOf(file: VisibleFileRow) {
    const provider = providers.providerFor(file.provider);
    if (!provider) {
      const label = DRIVE_PROVIDER_LABELS[file.provider as DriveProvider] ?? file.provider;
      throw upstreamFailed(CloudDriveMessages.providerNotConfigured(label));
    }
    return provider;
  }

  async function read(file: VisibleFileRow, range: ByteRange | undefined, signal: AbortSignal) {
    if (file.provider === 'uploads') {
      if (!file.storageKey) throw fileNotFound();
      const blob = await storage.get(file.storageKey, { range });
      const length = blob.end - blob.start + 1;
      return {
        status: range ? (206 as const) : (200 as const),
        stream: blob.stream,
        contentLength: length,
        contentRange: range ? `bytes ${blob.start}-${blob.end}/${blob.size}` : null,
      };
    }
    const provider = providerOf(file);
    const download = await tokens.withAuth(
      file.connectionId,
      (auth) => provider.download(auth, file.externalId, range, signal),
      signal,
    );
    return {
      status: download.status,
      stream: download.stream,
      contentLength: download.contentLength,
      contentRange: download.status === 206 ? download.contentRange : null,
    };
  }

  return {
    async open(
      userId: string,
      id: string,
      request: { range?: string | undefined; ifRange?: string | undefined },
      signal: AbortSignal,
    ): Promise<FileContent> {
      const file = await files.requireVisible(await files.viewerOf(userId), id);
      // If-Range names a version we cannot compare with: the whole file, as RFC 9110 asks when it does not match.
      const requested = request.ifRange === undefined ? parseRangeHeader(request.range) : undefined;
      const knownSize = file.size > 0 || file.provider === 'uploads' ? file.size : null;
      const range = requested && resolveRequestedRange(requested, knownSize);
      if (range === null) throw notSatisfiable(knownSize);
      try {
        const content = await read(file, range, signal);
        return { ...content, contentType: mimeOf(file.fileType), name: file.name };
      } catch (error) {
        throw downloadError(error, file.size);
      }
    },

    async thumbnail(userId: string, id: string, signal: AbortSignal): Promise<FileThumbnail> {
      const file = await files.requireVisible(await files.viewerOf(userId), id);
      if (file.thumbnailHash) {
        try {
          const blob = await storage.get(thumbnailKey(file.thumbnailHash));
          return { stream: blob.stream, contentType: 'image/webp', immutable: true };
        } catch (error) {
          if (!(error instanceof BlobNotFoundError)) throw error;
          // Its blob is gone (storage restored from an older copy): the provider's preview, if any, stands in.
        }
      }
      const provider = file.hasThumbnail ? providers.providerFor(file.provider) : undefined;
      if (!provider) throw notFound('No thumbnail');
      let thumbnail;
      try {
        thumbnail = await tokens.withAuth(
          file.connectionId,
          (auth) => provider.thumbnail(auth, file.externalId, signal),
          signal,
        );
      } catch (error) {
        throw downloadError(error, file.size);
      }
      if (!thumbnail) throw notFound('No thumbnail');
      const type = thumbnail.contentType.split(';')[0]!.trim().toLowerCase();
      return { stream: thumbnail.stream, contentType: IMAGE_TYPES.has(type) ? type : OCTET_STREAM, immutable: false };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
