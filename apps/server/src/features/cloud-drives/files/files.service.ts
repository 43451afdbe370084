import { randomUUID } from 'node:crypto';
import {
  BookMessages,
  cloudFileId,
  CloudDriveMessages,
  DRIVE_FILE_TYPE_INFO,
  isCloudProvider,
  type BatchFilesRequest,
  type CloudFile,
  type CloudFilesQuery,
  type CountResult,
  type FileBookLink,
  type FileMarks,
} from '@bookshelf/contract';
import { isForeignKeyViolation } from '../../../db/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { invalidField, notFound } from '../../../platform/errors.js';
import type { CloudDrivesParts } from '../cloud-drives.parts.js';
import { toCloudFile } from './cloud-file-view.js';
import { createFilesRepository, type VisibleFileRow } from './files.repository.js';
import { createMarksRepository, type MarksRow } from './marks.repository.js';
import type { Viewer } from './visible-files.js';
import { lockConnection } from '../sync/sync-rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `a,b` → the ids; blanks are dropped, anything not a UUID is a 400 naming the field. */
export function parseConnectionIds(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) return undefined;
  if (!ids.every((id) => UUID.test(id)))
    throw invalidField('querystring.connectionId', CloudDriveMessages.invalidConnectionIds);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

const fileNotFound = () => notFound(CloudDriveMessages.fileNotFound);
const bookNotFound = () => notFound(BookMessages.notFound);
const marksOf = (id: string, row: MarksRow | undefined): FileMarks => ({
  id,
  isFavorite: row?.isFavorite ?? false,
  tags: row?.tags ?? [],
});
const unique = (ids: string[]) => [...new Set(ids)];

/**
 * The files API's rules (core.md §7 "Cloud drive files", decision 050): what a reader sees is their own
 * connections' files and the library folder's when they are offered it; marks are each reader's own.
 */
export function createFilesService(parts: CloudDrivesParts) {
  const { db, driveAccess, config, now, publishLive } = parts;
  const files = createFilesRepository(db);
  const marks = createMarksRepository(db);

  async function viewerOf(userId: string): Promise<Viewer> {
    return { userId, withLibrary: Boolean(config.libraryDir) && (await driveAccess.seesLibrary(userId)) };
  }

  async function requireVisible(viewer: Viewer, id: string): Promise<VisibleFileRow> {
    const file = await files.findVisible(viewer, id);
    if (!file) throw fileNotFound();
    return file;
  }

  return {
    viewerOf,
    requireVisible,
    files,

    async list(userId: string, query: CloudFilesQuery): Promise<CloudFile[]> {
      const connectionIds = parseConnectionIds(query.connectionId);
      const search = query.search?.trim() || undefined;
      const rows = await files.list(await viewerOf(userId), { search, connectionIds });
      return rows.map(toCloudFile);
    },

    /** core.md §7 files/batch: records a client listed itself, into one of its own cloud connections. */
    async batch(userId: string, body: BatchFilesRequest): Promise<CountResult> {
      const connection = await driveAccess.requireVisible(userId, await files.findConnection(body.connectionId));
      // The library folder and uploads are written by the server only; like a stranger's, they are not there.
      if (connection.userId !== userId || !isCloudProvider(connection.provider)) {
        throw notFound(CloudDriveMessages.connectionNotFound);
      }
      const provider = connection.provider;
      // The same external id twice in one batch: the last one wins (one row can be upserted once per statement).
      const byExternalId = new Map(body.files.map((f) => [f.externalId, f]));
      const count = await inTransaction(db, async (tx) => {
        // The connection's row first, as a sync's page does: the two then queue instead of deadlocking.
        if (!(await lockConnection(tx, connection.id))) throw notFound(CloudDriveMessages.connectionNotFound);
        const stored = await files.upsertBatch(
          connection.id,
          [...byExternalId.values()].map((f) => ({
            externalId: f.externalId,
            name: f.name,
            fileType: f.fileType,
            mimeType: DRIVE_FILE_TYPE_INFO[f.fileType].mimeTypes[0] ?? null,
            size: f.size,
            modifiedAt: new Date(f.modifiedAt),
            parentFolder: f.parentFolder ?? null,
          })),
          () => cloudFileId(provider, randomUUID()),
          now(),
          tx,
        );
        if (stored > 0) await publishLive(userId, { type: 'cloud-drives.changed' }, tx);
        return stored;
      });
      return { count };
    },

    async setFavorite(userId: string, id: string, favorite: boolean): Promise<FileMarks> {
      await requireVisible(await viewerOf(userId), id);
      return marksOf(id, await marks.setFavorite(userId, id, favorite, now()));
    },

    async addTag(userId: string, id: string, tag: string): Promise<FileMarks> {
      await requireVisible(await viewerOf(userId), id);
      const result = marksOf(id, await marks.addTag(userId, id, tag, now()));
      if (!result.tags.includes(tag)) throw invalidField('body.tag', CloudDriveMessages.tooManyTags);
      return result;
    },

    async removeTag(userId: string, id: string, rawTag: string): Promise<FileMarks> {
      await requireVisible(await viewerOf(userId), id);
      const tag = rawTag.trim();
      return marksOf(id, tag === '' ? undefined : await marks.removeTag(userId, id, tag, now()));
    },

    /**
     * Links one of the reader's visible files to one of their own books (issue 15), or unlinks it with null.
     * The link is the reader's own, beside their favourite and tags; another reader's book is not found.
     */
    async linkBook(userId: string, id: string, bookId: string | null): Promise<FileBookLink> {
      await requireVisible(await viewerOf(userId), id);
      if (bookId !== null) {
        if (!parts.requireOwnBook) throw bookNotFound();
        await parts.requireOwnBook(userId, bookId);
      }
      try {
        return { fileId: id, bookId: await marks.setBook(userId, id, bookId, now()) };
      } catch (error) {
        // The book or the file was deleted for good between the check and the write: say which one went.
        if (!isForeignKeyViolation(error)) throw error;
        if (bookId === null || !(await files.findVisible(await viewerOf(userId), id))) throw fileNotFound();
        throw bookNotFound();
      }
    },

    async favoriteMany(userId: string, ids: string[], favorite: boolean): Promise<CountResult> {
      const viewer = await viewerOf(userId);
      const count = favorite
        ? await marks.favoriteMany(viewer, unique(ids), now())
        : await marks.unfavoriteMany(viewer, unique(ids), now());
      return { count };
    },

    async tagMany(userId: string, ids: string[], tag: string, add: boolean): Promise<CountResult> {
      const viewer = await viewerOf(userId);
      const count = add
        ? await marks.addTagMany(viewer, unique(ids), tag, now())
        : await marks.removeTagMany(viewer, unique(ids), tag, now());
      return { count };
    },

    /** Removes one of the reader's uploads; its bytes go after the commit (a rolled-back delete keeps them). */
    async deleteUpload(userId: string, id: string): Promise<void> {
      const file = await requireVisible(await viewerOf(userId), id);
      if (file.provider !== 'uploads') {
        throw invalidField('params.id', CloudDriveMessages.onlyUploadsDeleted);
      }
      const removed = await inTransaction(db, async (tx) => {
        const row = await files.deleteFile(id, tx);
        if (!row) throw fileNotFound();
        await publishLive(userId, { type: 'cloud-drives.changed' }, tx);
        return row;
      });
      if (removed.storageKey) {
        await parts.storage.delete(removed.storageKey).catch((err: unknown) => {
          parts.log.warn({ err, key: removed.storageKey }, 'could not delete an upload blob');
        });
      }
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
