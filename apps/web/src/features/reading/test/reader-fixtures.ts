import {
  ReadingPaths,
  type Bookmark,
  type CloudFile,
  type FileProgress,
  type ReadingSessionRequest,
  type SaveFileProgressRequest,
} from '@bookshelf/contract';
import { vi } from 'vitest';
import { json, network, noContent } from '../../../test/fake-network';
import type { FileContentSource } from '../../cloud-drives/public';
import { fillReadingPath } from '../api/progress-request';

export const FILE_ID = 'google_1';

export const readerFile = (over: Partial<CloudFile> = {}): CloudFile => ({
  id: FILE_ID,
  connectionId: '00000000-0000-4000-8000-0000000000a1',
  externalId: 'ext-1',
  name: 'Notes.txt',
  fileType: 'txt',
  size: 20_000,
  modifiedAt: '2026-01-01T00:00:00.000Z',
  thumbnailUrl: null,
  downloadUrl: null,
  parentFolder: null,
  isDeleted: false,
  syncedAt: '2026-01-01T00:00:00.000Z',
  driveName: 'Ada Lovelace',
  provider: 'google',
  isFavorite: false,
  tags: [],
  bookId: null,
  ...over,
});

/** A text of `pages` pages of 300 words; each page's first word names it ("P3" starts page 3). */
export const pagedText = (pages: number) =>
  Array.from({ length: pages }, (_, p) =>
    [`P${p + 1}`, ...Array.from({ length: 299 }, (_, i) => `w${i}`)].join(' '),
  ).join('\n');

/** The bytes source the Cloud Drives screen hands the reader, serving `text` (or failing, as told). */
export function textContent(text: string, { failures = 0 }: { failures?: number } = {}) {
  let failuresLeft = failures;
  const load = vi.fn<FileContentSource['load']>(async (options) => {
    options?.onProgress?.({ loaded: 0, total: text.length });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('Failed to download file: 503 Service Unavailable');
    }
    options?.onProgress?.({ loaded: text.length, total: text.length });
    return new Blob([text], { type: 'text/plain' });
  });
  const content: FileContentSource = {
    url: `/api/cloud-drives/files/${FILE_ID}/content`,
    downloadUrl: `/api/cloud-drives/files/${FILE_ID}/content?download=1`,
    load,
    cached: async () => undefined,
  };
  return { content, load };
}

export const savedProgress = (over: Partial<FileProgress> = {}): FileProgress => ({
  id: 'p1',
  userId: 'u1',
  fileId: FILE_ID,
  currentPage: 1,
  totalPages: 10,
  percentage: 10,
  location: null,
  lastReadAt: '2026-01-01T10:00:00.000Z',
  readingPreferences: null,
  ...over,
});

export const paths = {
  progress: `GET ${fillReadingPath(ReadingPaths.fileProgress, { fileId: FILE_ID })}`,
  save: `POST ${ReadingPaths.saveFileProgress}`,
  sessions: `POST ${ReadingPaths.sessions}`,
  bookmarks: `GET ${fillReadingPath(ReadingPaths.bookmarks, { fileId: FILE_ID })}`,
  addBookmark: `POST ${ReadingPaths.addBookmark}`,
  removeBookmark: (id: string) => `DELETE ${fillReadingPath(ReadingPaths.bookmark, { id })}`,
};

/** The reading server as the reader meets it: progress (none unless given), bookmarks and the saves. */
export function answerReading({
  progress = null,
  bookmarks = [],
}: { progress?: FileProgress | Record<string, unknown> | null; bookmarks?: Bookmark[] } = {}) {
  network.answer(paths.progress, () =>
    progress
      ? json(progress)
      : json({ error: { code: 'NOT_FOUND', message: 'No reading progress for this file' } }, 404),
  );
  network.answer(paths.bookmarks, bookmarks);
  network.answer(paths.save, ({ body }) => {
    const saved = body as SaveFileProgressRequest;
    return json(
      savedProgress({
        currentPage: saved.currentPage,
        totalPages: saved.totalPages,
        percentage: saved.percentage ?? 0,
        location: saved.location ?? null,
        lastReadAt: saved.lastReadAt ?? new Date().toISOString(),
        readingPreferences: saved.readingPreferences ?? null,
      }),
    );
  });
  network.answer(paths.sessions, ({ body }) => json({ id: 's1', ...(body as ReadingSessionRequest) }, 201));
  let count = 0;
  network.answer(paths.addBookmark, ({ body }) => {
    count += 1;
    const b = body as { pageNumber: number; note: string | null; location?: string | null; createdAt?: string };
    return json(
      {
        id: `00000000-0000-4000-8000-00000000b00${count}`,
        fileId: FILE_ID,
        pageNumber: b.pageNumber,
        note: b.note,
        location: b.location ?? null,
        createdAt: b.createdAt ?? new Date().toISOString(),
      },
      201,
    );
  });
}

export const bookmark = (over: Partial<Bookmark> = {}): Bookmark => ({
  id: '00000000-0000-4000-8000-00000000b0a1',
  fileId: FILE_ID,
  pageNumber: 4,
  note: null,
  location: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

export const answerRemoveBookmark = (id: string) => network.answer(paths.removeBookmark(id), () => noContent());
