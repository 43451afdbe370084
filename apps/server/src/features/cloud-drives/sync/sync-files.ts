import { randomUUID } from 'node:crypto';
import { cloudFileId, stripBidiControls, type DriveProvider } from '@bookshelf/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { driveFiles } from '../../../db/schema/index.js';
import { upsertDriveFiles } from '../drive-files.js';
import type { ListedFile } from '../providers/provider.js';

/** A file seen again takes everything the provider said of it. */
const REFRESHED_BY_SYNC = [
  'name',
  'fileType',
  'mimeType',
  'size',
  'modifiedAt',
  'hasThumbnail',
  'parentFolder',
  'version',
  'syncGeneration',
  'syncedAt',
] as const;

export interface UpsertCounts {
  added: number;
  updated: number;
}

/** What makes a seen file count as updated: the provider's version, its name, size or folder changed. */
const changed = (
  before: { version: string | null; name: string; size: number; parentFolder: string | null },
  file: ListedFile,
) =>
  before.version !== file.version ||
  before.name !== file.name ||
  before.size !== file.size ||
  before.parentFolder !== file.parentFolder;

/**
 * Writes a page of listed files under the natural key (connection, external id), in statements of
 * `batchSize` rows, through `tx` (the page's transaction). A file seen again keeps its id and carries
 * `generation`; one that was removed and is back counts as added.
 */
export async function upsertFiles(
  tx: Database,
  connection: { id: string; provider: string },
  listed: readonly ListedFile[],
  generation: number,
  batchSize: number,
  now: Date,
): Promise<UpsertCounts> {
  // A provider that lists a file twice in a page would make one statement touch a row twice. Names are shown as
  // they will be stored: without bidi controls (a U+202E shows "fdp.exe" as "exe.pdf"), folders' names too.
  const files = [
    ...new Map(
      listed.map((f) => [
        f.externalId,
        {
          ...f,
          name: stripBidiControls(f.name),
          parentFolder: f.parentFolder === null ? null : stripBidiControls(f.parentFolder),
        },
      ]),
    ).values(),
  ];
  const counts: UpsertCounts = { added: 0, updated: 0 };
  for (let start = 0; start < files.length; start += Math.max(1, batchSize)) {
    const batch = files.slice(start, start + Math.max(1, batchSize));
    const existing = new Map(
      (
        await tx
          .select({
            externalId: driveFiles.externalId,
            version: driveFiles.version,
            name: driveFiles.name,
            size: driveFiles.size,
            parentFolder: driveFiles.parentFolder,
            isDeleted: driveFiles.isDeleted,
          })
          .from(driveFiles)
          .where(
            and(
              eq(driveFiles.connectionId, connection.id),
              inArray(
                driveFiles.externalId,
                batch.map((f) => f.externalId),
              ),
            ),
          )
      ).map((row) => [row.externalId, row]),
    );
    for (const file of batch) {
      const before = existing.get(file.externalId);
      if (!before || before.isDeleted) counts.added += 1;
      else if (changed(before, file)) counts.updated += 1;
    }
    await upsertDriveFiles(
      tx,
      batch.map((f) => ({
        id: cloudFileId(connection.provider as DriveProvider, randomUUID()),
        connectionId: connection.id,
        externalId: f.externalId,
        name: f.name,
        fileType: f.fileType,
        mimeType: f.mimeType,
        size: f.size,
        modifiedAt: f.modifiedAt,
        hasThumbnail: f.hasThumbnail,
        parentFolder: f.parentFolder,
        version: f.version,
        isDeleted: false,
        syncGeneration: generation,
        syncedAt: now,
      })),
      REFRESHED_BY_SYNC,
    );
  }
  return counts;
}

/** Marks the named files removed (a change feed said so); answers how many were not already. */
export async function markRemoved(tx: Database, connectionId: string, externalIds: readonly string[], now: Date) {
  if (externalIds.length === 0) return 0;
  const rows = await tx
    .update(driveFiles)
    .set({ isDeleted: true, syncedAt: now })
    .where(
      and(
        eq(driveFiles.connectionId, connectionId),
        inArray(driveFiles.externalId, [...new Set(externalIds)]),
        eq(driveFiles.isDeleted, false),
      ),
    )
    .returning({ id: driveFiles.id });
  return rows.length;
}

/** After a full listing: the files it did not see (an older generation) were removed. */
export async function markUnseenRemoved(tx: Database, connectionId: string, generation: number, now: Date) {
  const rows = await tx
    .update(driveFiles)
    .set({ isDeleted: true, syncedAt: now })
    .where(
      and(
        eq(driveFiles.connectionId, connectionId),
        eq(driveFiles.isDeleted, false),
        lt(driveFiles.syncGeneration, generation),
      ),
    )
    .returning({ id: driveFiles.id });
  return rows.length;
}
