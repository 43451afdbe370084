import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveFiles } from '../../db/schema/index.js';

type NewDriveFile = typeof driveFiles.$inferInsert;
type RefreshedColumn = Exclude<keyof NewDriveFile, 'id' | 'connectionId' | 'externalId' | 'isDeleted'>;

/**
 * Writes files under their natural key (connection, external id), the one way both a sync and the batch
 * route add files: a new one is inserted with its id; one already there keeps its id, is no longer deleted
 * and takes the `refreshed` columns from the new row. Running it twice never duplicates a file.
 */
export function upsertDriveFiles(tx: Database, rows: NewDriveFile[], refreshed: readonly RefreshedColumn[]) {
  const set = Object.fromEntries(
    refreshed.map((column) => [column, sql`excluded.${sql.identifier(driveFiles[column].name)}`]),
  );
  return tx
    .insert(driveFiles)
    .values(rows)
    .onConflictDoUpdate({
      target: [driveFiles.connectionId, driveFiles.externalId],
      set: { ...set, isDeleted: false },
    });
}
