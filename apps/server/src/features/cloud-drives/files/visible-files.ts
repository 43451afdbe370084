import { sql, type SQL } from 'drizzle-orm';

/** Who is asking, and whether the library folder is among what they see (LIBRARY_DIR set and offered to them). */
export interface Viewer {
  userId: string;
  withLibrary: boolean;
}

/**
 * The files a reader may see, as one condition on `drive_files` joined to `drive_connections` (every query
 * of this folder uses it, so none can forget the scope): not deleted, of an active connection that is the
 * reader's own or, when offered to them, the instance's library folder. Another reader's file fails it like
 * a missing one.
 */
export function visibleFile({ userId, withLibrary }: Viewer): SQL {
  const library = withLibrary
    ? sql` or (drive_connections.user_id is null and drive_connections.provider = 'local')`
    : sql``;
  return sql`(not drive_files.is_deleted and drive_connections.is_active and (drive_connections.user_id = ${userId}${library}))`;
}

/** `drive_files join drive_connections`, for raw statements. */
export const FILES_WITH_CONNECTION = sql`drive_files join drive_connections on drive_connections.id = drive_files.connection_id`;

/** A list of ids as `($1, $2, …)`. */
export const idList = (ids: readonly string[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
