import { CloudDriveMessages, CloudDrivePaths, DRIVE_FILE_TYPE_INFO, type CloudFile } from '@bookshelf/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FileCache } from '../lib/file-cache';
import { fileCache } from '../lib/file-cache-instance';
import { recordFileAccess } from '../lib/prefetch-access-log';
import type { FileContentSource } from '../lib/reader-slots';

export type ContentFile = Pick<CloudFile, 'id' | 'name' | 'fileType' | 'size' | 'modifiedAt' | 'downloadUrl'>;

export interface LoadProgress {
  loaded: number;
  total: number;
}

/** The server's streaming path for a file's bytes (its own path; never a provider's). */
export const contentUrl = (file: Pick<CloudFile, 'id' | 'downloadUrl'>) =>
  file.downloadUrl ?? CloudDrivePaths.content.replace('{id}', encodeURIComponent(file.id));

/** The plain download link: the same bytes, sent as an attachment. */
export const downloadLink = (file: Pick<CloudFile, 'id' | 'downloadUrl'>) => `${contentUrl(file)}?download=1`;

/** A changed file (new modifiedAt) is a new key, so an old copy is never served for it. */
export const cacheKey = (file: Pick<CloudFile, 'id' | 'modifiedAt'>) => `${file.id}:${file.modifiedAt}`;

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const reason = typeof body?.error?.message === 'string' ? body.error.message : `${res.status} ${res.statusText}`;
  return new Error(CloudDriveMessages.downloadFailed(reason.trim()));
}

/** Reads the body chunk by chunk, reporting progress against Content-Length (or the listed size). */
async function readWithProgress(res: Response, expected: number, onProgress?: (p: LoadProgress) => void) {
  const total = Number(res.headers.get('content-length')) || expected;
  if (!res.body || !onProgress) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total: Math.max(total, loaded) });
  }
  return new Blob(chunks);
}

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
  cache?: FileCache;
  /** Prefetches do not count as the reader opening the file. */
  countAccess?: boolean;
}

/**
 * A file's bytes: from the browser's cache when it holds a fresh copy, else from the server, then cached
 * (core.md §9). A cache that fails (quota, private mode) is skipped, never the reason a file will not open.
 */
export async function loadFileContent(
  file: ContentFile,
  { signal, onProgress, cache = fileCache(), countAccess = true }: LoadOptions = {},
): Promise<Blob> {
  const key = cacheKey(file);
  if (countAccess) recordFileAccess(file.id);
  const cached = await cache.get(key).catch(() => undefined);
  if (cached) return cached.data;
  const res = await fetch(contentUrl(file), { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!res.ok) throw await failure(res);
  const contentType =
    res.headers.get('content-type')?.split(';')[0]?.trim() ||
    DRIVE_FILE_TYPE_INFO[file.fileType].mimeTypes[0] ||
    'application/octet-stream';
  const raw = await readWithProgress(res, file.size, onProgress);
  const data = raw.type ? raw : new Blob([raw], { type: contentType });
  await cache
    .put(key, data, { fileId: file.id, fileName: file.name, fileType: file.fileType, contentType })
    .catch(() => false);
  return data;
}

/** Hands a Blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file's bytes for a viewer (the reader, next issue), through the cache. */
export function useFileContent(file: ContentFile | null) {
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const query = useQuery({
    // Outside cloudDriveKeys.all on purpose: a live "files changed" event must not download every open file again.
    queryKey: ['cloud-file-content', file?.id ?? '', file?.modifiedAt ?? ''],
    queryFn: ({ signal }) => loadFileContent(file!, { signal, onProgress: setProgress }),
    enabled: file !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return { ...query, progress };
}

/** What the reader is given to fetch a file's bytes (lib/reader-slots.ts). */
export function fileContentSource(file: ContentFile, cache: FileCache = fileCache()): FileContentSource {
  return {
    url: contentUrl(file),
    downloadUrl: downloadLink(file),
    load: (options = {}) => loadFileContent(file, { ...options, cache }),
    cached: async () => {
      recordFileAccess(file.id);
      return (await cache.get(cacheKey(file)).catch(() => undefined))?.data;
    },
  };
}
