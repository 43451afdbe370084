import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  driveConnections,
  driveFileMarks,
  driveFiles,
  type DriveConnectionRow,
  type DriveFileRow,
} from '../../../db/schema/index.js';
import { visibleFile, type Viewer } from './visible-files.js';
import { upsertDriveFiles } from '../drive-files.js';

/** A file as the list answers it, before it becomes a CloudFile (cloud-file-view.ts). */
export interface ListedFileRow {
  id: string;
  connectionId: string;
  externalId: string;
  name: string;
  fileType: string;
  size: number;
  modifiedAt: Date;
  hasThumbnail: boolean;
  thumbnailHash: string | null;
  parentFolder: string | null;
  syncedAt: Date;
  driveName: string;
  provider: string;
  isFavorite: boolean | null;
  tags: string[] | null;
  bookId: string | null;
}

/** A visible file with what serving it needs of its connection. */
export type VisibleFileRow = DriveFileRow & { provider: string; ownerId: string | null };

/** `%`, `_` and the escape character itself match literally in a LIKE pattern after this. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const listColumns = {
  id: driveFiles.id,
  connectionId: driveFiles.connectionId,
  externalId: driveFiles.externalId,
  name: driveFiles.name,
  fileType: driveFiles.fileType,
  size: driveFiles.size,
  modifiedAt: driveFiles.modifiedAt,
  hasThumbnail: driveFiles.hasThumbnail,
  thumbnailHash: driveFiles.thumbnailHash,
  parentFolder: driveFiles.parentFolder,
  syncedAt: driveFiles.syncedAt,
  driveName: driveConnections.accountName,
  provider: driveConnections.provider,
  isFavorite: driveFileMarks.isFavorite,
  tags: driveFileMarks.tags,
  bookId: driveFileMarks.bookId,
};

export interface BatchFileInput {
  externalId: string;
  name: string;
  fileType: string;
  mimeType: string | null;
  size: number;
  modifiedAt: Date;
  parentFolder: string | null;
}

export function createFilesRepository(db: Database) {
  /** The files the viewer sees with their own marks: one statement, however many files (decision 050). */
  function list(
    viewer: Viewer,
    filter: { search?: string | undefined; connectionIds?: string[] | undefined; ids?: string[] },
    tx: Database = db,
  ): Promise<ListedFileRow[]> {
    return tx
      .select(listColumns)
      .from(driveFiles)
      .innerJoin(driveConnections, eq(driveConnections.id, driveFiles.connectionId))
      .leftJoin(driveFileMarks, and(eq(driveFileMarks.fileId, driveFiles.id), eq(driveFileMarks.userId, viewer.userId)))
      .where(
        and(
          visibleFile(viewer),
          filter.search ? ilike(driveFiles.name, `%${escapeLike(filter.search)}%`) : undefined,
          filter.connectionIds ? inArray(driveFiles.connectionId, filter.connectionIds) : undefined,
          filter.ids ? inArray(driveFiles.id, filter.ids) : undefined,
        ),
      )
      .orderBy(asc(driveFiles.name), asc(driveFiles.id));
  }

  return {
    list,

    /** The file when the viewer may see it; undefined for a missing or hidden one alike. */
    async findVisible(viewer: Viewer, id: string): Promise<VisibleFileRow | undefined> {
      const [row] = await db
        .select({ file: driveFiles, provider: driveConnections.provider, ownerId: driveConnections.userId })
        .from(driveFiles)
        .innerJoin(driveConnections, eq(driveConnections.id, driveFiles.connectionId))
        .where(and(eq(driveFiles.id, id), visibleFile(viewer)));
      return row && { ...row.file, provider: row.provider, ownerId: row.ownerId };
    },

    async findConnection(id: string): Promise<DriveConnectionRow | undefined> {
      const [row] = await db.select().from(driveConnections).where(eq(driveConnections.id, id));
      return row;
    },

    /**
     * Stores a client's file records under (connection, external id): a record already there is updated and
     * keeps its id. `newId` names the ones added.
     */
    async upsertBatch(
      connectionId: string,
      files: BatchFileInput[],
      newId: () => string,
      now: Date,
      tx: Database,
    ): Promise<number> {
      if (files.length === 0) return 0;
      const rows = await upsertDriveFiles(
        tx,
        files.map((f) => ({
          id: newId(),
          connectionId,
          externalId: f.externalId,
          name: f.name,
          fileType: f.fileType,
          mimeType: f.mimeType,
          size: f.size,
          modifiedAt: f.modifiedAt,
          // A client's thumbnailUrl is never fetched: we only reach providers through their APIs.
          hasThumbnail: false,
          parentFolder: f.parentFolder,
          isDeleted: false,
          syncedAt: now,
        })),
        // The provider's thumbnail and version stay as a sync found them.
        ['name', 'fileType', 'mimeType', 'size', 'modifiedAt', 'parentFolder', 'syncedAt'],
      ).returning({ id: driveFiles.id });
      return rows.length;
    },

    /**
     * The reader's "My Uploads" connection, created on first use. One per reader (the partial unique index
     * drive_connections_uploads_key): two first uploads at once both end up with the same row.
     */
    async uploadsConnection(userId: string, accountName: string, now: Date, tx: Database): Promise<string> {
      await tx
        .insert(driveConnections)
        .values({ userId, provider: 'uploads', accountName, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: driveConnections.userId, where: sql`${driveConnections.provider} = 'uploads'` });
      const [row] = await tx
        .select({ id: driveConnections.id })
        .from(driveConnections)
        .where(and(eq(driveConnections.userId, userId), eq(driveConnections.provider, 'uploads')));
      return row!.id;
    },

    async insertFiles(rows: (typeof driveFiles.$inferInsert)[], tx: Database): Promise<void> {
      if (rows.length > 0) await tx.insert(driveFiles).values(rows);
    },

    async deleteFile(id: string, tx: Database): Promise<DriveFileRow | undefined> {
      const [row] = await tx.delete(driveFiles).where(eq(driveFiles.id, id)).returning();
      return row;
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
