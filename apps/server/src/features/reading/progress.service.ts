import {
  honestSession,
  normaliseNote,
  ReaderLimits,
  ReadingMessages,
  type AddBookmarkRequest,
  type Bookmark,
  type FileProgress,
  type ReadingSession,
  type ReadingSessionRequest,
  type SaveFileProgressRequest,
} from '@bookshelf/contract';
import type { Database } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import type { Access } from '../../platform/access/access.js';
import { invalidField, notFound } from '../../platform/errors.js';
import type { BookmarkRow, ProgressRepository, ProgressRow, SessionRow } from './progress.repository.js';
import { BOOKMARKS } from './reading-access.js';
import type { ReadingPorts } from './reading.ports.js';

export const toFileProgress = (row: ProgressRow): FileProgress => ({
  id: row.id,
  userId: row.userId,
  fileId: row.fileId,
  currentPage: row.currentPage,
  totalPages: row.totalPages,
  percentage: row.percentage,
  location: row.location,
  lastReadAt: row.lastReadAt.toISOString(),
  readingPreferences: row.readingPreferences ?? null,
});

export const toBookmark = (row: BookmarkRow): Bookmark => ({
  id: row.id,
  fileId: row.fileId,
  pageNumber: row.pageNumber,
  note: row.note,
  location: row.location,
  createdAt: row.createdAt.toISOString(),
});

export const toSession = (row: SessionRow): ReadingSession => ({
  id: row.id,
  fileId: row.fileId,
  startTime: row.startTime.toISOString(),
  endTime: row.endTime.toISOString(),
  pagesRead: row.pagesRead,
  timeSpent: row.timeSpent,
});

/** A write about a file removed from its drive since it was checked: as if it had never been there. */
async function whileFileExists<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(ReadingMessages.fileNotFound);
    throw error;
  }
}

/**
 * How far past the server's clock a session may end: a device's clock a little ahead is not refused, one far
 * ahead (or a made-up date) is, as it would count in "This Week" forever.
 */
const SESSION_END_ALLOWANCE_MS = 5 * 60 * 1000;
const END_IN_FUTURE = 'endTime must not be in the future.';

/** core.md §3 ReadingProgress: how far through the file, when the reader did not say. */
const percentageOf = (currentPage: number, totalPages: number) =>
  Math.round((currentPage / totalPages) * 100 * 100) / 100;

/**
 * A reader's place in each file, their bookmarks and their sessions (issue 15). Every file id must be one of
 * the files the reader sees (the drives' own rule, through a port); another reader's bookmark is not found.
 */
export function createProgressService({
  db,
  progress,
  access,
  ports,
  now,
}: {
  db: Database;
  progress: ProgressRepository;
  access: Access;
  ports: Pick<ReadingPorts, 'visibleFile'>;
  now: () => Date;
}) {
  return {
    async get(userId: string, fileId: string): Promise<FileProgress> {
      await ports.visibleFile(userId, fileId);
      const row = await progress.progress(userId, fileId);
      if (!row) throw notFound(ReadingMessages.progressNotFound);
      return toFileProgress(row);
    },

    /**
     * `id` and `userId` of the body are ignored: the caller is the reader. The body's lastReadAt is capped at
     * the server's now: the newest save wins, so a device whose clock runs ahead would otherwise keep every
     * later save out.
     */
    async save(userId: string, body: SaveFileProgressRequest): Promise<FileProgress> {
      await ports.visibleFile(userId, body.fileId);
      const at = now();
      const said = body.lastReadAt ? new Date(body.lastReadAt) : at;
      const row = await whileFileExists(
        progress.saveProgress({
          userId,
          fileId: body.fileId,
          currentPage: body.currentPage,
          totalPages: body.totalPages,
          percentage: body.percentage ?? percentageOf(body.currentPage, body.totalPages),
          location: body.location ?? null,
          readingPreferences: body.readingPreferences ?? null,
          lastReadAt: said < at ? said : at,
        }),
      );
      return toFileProgress(row);
    },

    async bookmarks(userId: string, fileId: string): Promise<Bookmark[]> {
      await ports.visibleFile(userId, fileId);
      return (await progress.bookmarks(userId, fileId)).map(toBookmark);
    },

    /** core.md §5: the note trimmed, empty meaning none. At most bookmarksPerFileMax per file. */
    async addBookmark(userId: string, body: AddBookmarkRequest): Promise<Bookmark> {
      await ports.visibleFile(userId, body.fileId);
      const row = await whileFileExists(
        inTransaction(db, (tx) =>
          progress.addBookmark(
            {
              userId,
              fileId: body.fileId,
              pageNumber: body.pageNumber,
              note: normaliseNote(body.note),
              location: body.location ?? null,
              createdAt: body.createdAt ? new Date(body.createdAt) : now(),
            },
            ReaderLimits.bookmarksPerFileMax,
            tx,
          ),
        ),
      );
      if (!row) throw invalidField('body.fileId', ReadingMessages.bookmarksFull);
      return toBookmark(row);
    },

    async removeBookmark(userId: string, id: string): Promise<void> {
      await access.requireChangeable({ userId }, await progress.bookmark(id), BOOKMARKS);
      if (!(await progress.deleteBookmark(userId, id))) throw notFound(ReadingMessages.bookmarkNotFound);
    },

    /**
     * Posting the same session again (same file and start) answers the one recorded first. It is stored with
     * honest figures (issue 27): no more seconds than its span, no more pages than those seconds can read,
     * whatever the client counted, since statistics, goals and achievements all add these up.
     */
    async addSession(userId: string, body: ReadingSessionRequest): Promise<ReadingSession> {
      const endTime = new Date(body.endTime);
      if (endTime.getTime() > now().getTime() + SESSION_END_ALLOWANCE_MS) {
        throw invalidField('body.endTime', END_IN_FUTURE);
      }
      await ports.visibleFile(userId, body.fileId);
      const row = await whileFileExists(
        progress.addSession({
          userId,
          fileId: body.fileId,
          startTime: new Date(body.startTime),
          endTime,
          ...honestSession(body),
        }),
      );
      return toSession(row);
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
